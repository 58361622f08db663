import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BlockEnvelope } from '@meridian/contracts';
import '../../testing/render';
import { ContentContext, publicContent } from './content-context';
import { Blocks, preloadRareBlocks } from './registry';

const timeline = { type: 'timeline', items: [{ date: '2030-01-01', label: 'You can retire' }] };
const pageMenu = { type: 'pageMenu', items: [{ anchor: 'figures', label: 'Your figures' }] };

const show = (blocks: BlockEnvelope[]) =>
  render(
    <MemoryRouter>
      <ContentContext.Provider value={{ ...publicContent, showSkippedBlocks: false }}>
        <Blocks blocks={blocks} />
      </ContentContext.Provider>
    </MemoryRouter>,
  );

describe('rarely used blocks', () => {
  it('load their component when first shown, then render', async () => {
    show([timeline]);
    expect(await screen.findByText('You can retire')).toBeTruthy();
  });

  it('render at once on a page whose blocks were preloaded, nested ones included', async () => {
    await preloadRareBlocks([{ type: 'grid', blocks: [pageMenu] }]);
    show([pageMenu]);
    expect(screen.getByRole('link', { name: 'Your figures' })).toBeTruthy();
  });
});
