import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './ErrorSummary';

describe('error summary', () => {
  it('starts the page title with "Error: " while it shows, once, and gives it back after', () => {
    document.title = 'Change your address - Meridian';
    const view = render(<ErrorSummary errors={[]} />);
    expect(document.title).toBe('Change your address - Meridian');
    view.rerender(<ErrorSummary errors={[{ field: 'town', message: 'Enter a town or city' }]} />);
    expect(document.title).toBe('Error: Change your address - Meridian');
    view.rerender(<ErrorSummary errors={[{ field: 'postcode', message: 'Enter a real postcode' }]} />);
    expect(document.title).toBe('Error: Change your address - Meridian');
    view.rerender(<ErrorSummary errors={[]} />);
    expect(document.title).toBe('Change your address - Meridian');
  });
});
