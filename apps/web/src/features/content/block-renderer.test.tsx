import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../testing/render';
import { loadBlockRenderer, PageBlocks } from './block-renderer';
import { ContentContext, publicContent } from './content-context';

const page = (
  <MemoryRouter>
    <ContentContext.Provider value={publicContent}>
      <PageBlocks blocks={[{ type: 'richText', html: '<p>Step two of four</p>' }]} />
    </ContentContext.Provider>
  </MemoryRouter>
);

describe('page blocks', () => {
  it('shows Loading... until the block renderer has loaded, then the blocks', async () => {
    render(page);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByText('Step two of four')).toBeTruthy();
  });

  it('draws the blocks in the first render once the renderer is loaded, with no Loading... before them', async () => {
    await loadBlockRenderer();
    render(page);
    expect(screen.getByText('Step two of four')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
