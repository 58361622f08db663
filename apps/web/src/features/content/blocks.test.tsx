import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../testing/render';
import { BlockView, htmlToParagraphs } from './blocks';

describe('rich text as plain paragraphs', () => {
  it('keeps the text of each block element and drops every tag', () => {
    expect(htmlToParagraphs('<p>One <strong>two</strong></p><ul><li>Three</li><li>Four&nbsp;&amp; five</li></ul>')).toEqual([
      'One two',
      'Three',
      'Four & five',
    ]);
  });

  it('drops scripts, styles and their text, and never runs anything', () => {
    expect(htmlToParagraphs('<p>Safe</p><script>window.hacked = 1</script><style>p{}</style><img src=x onerror="alert(1)">')).toEqual(['Safe']);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('treats plain text as one paragraph and empty markup as nothing', () => {
    expect(htmlToParagraphs('Just text')).toEqual(['Just text']);
    expect(htmlToParagraphs('<p> </p><br>')).toEqual([]);
  });
});

describe('block view', () => {
  it('renders rich text as text, not markup', () => {
    const { container } = render(<BlockView block={{ type: 'richText', html: '<p>Hello <em>there</em></p>' }} />);
    expect(container.innerHTML).toBe('<p>Hello there</p>');
  });

  it('shows a visible placeholder for an unknown block in development, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<BlockView block={{ type: 'mysteryWidget' }} showUnknown />);
    expect(screen.getByText(/no component for content block type/).textContent).toContain('mysteryWidget');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mysteryWidget'));
  });

  it('renders nothing for an unknown block in production, but still logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container } = render(<BlockView block={{ type: 'toString' }} showUnknown={false} />);
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('toString'));
  });
});
