import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { BlockEnvelope } from '@meridian/contracts';
import '../../testing/render';
import { ContentContext, publicContent, type ContentContextValue } from './content-context';
import { Blocks } from './registry';
import { rareBlocks } from './rare-blocks';

// Every block component is loaded before any test renders, so tests see blocks at once, as pages do.
await Promise.all(Object.values(rareBlocks).map((block) => block.preload()));

/** Test helper: renders blocks in a router with a content context (public, no placeholders, by default). */
export function renderBlocks(blocks: BlockEnvelope[], context: Partial<ContentContextValue> = {}) {
  return render(
    <MemoryRouter>
      <ContentContext.Provider value={{ ...publicContent, showSkippedBlocks: false, ...context }}>
        <Blocks blocks={blocks} />
      </ContentContext.Provider>
    </MemoryRouter>,
  );
}
