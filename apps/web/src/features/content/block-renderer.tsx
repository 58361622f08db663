import { lazy, Suspense, useState } from 'react';
import type { BlockEnvelope } from '@meridian/contracts';
import { PageLoading } from '../../components/PageLoading';

type BlockRenderer = typeof import('./registry');
let loadedRenderer: BlockRenderer | undefined;

/**
 * The block renderer (the registry, every block component, rich text and its sanitiser) is a chunk of
 * its own, out of the app's entry. The content loader starts loading it with the page request, so a
 * page rarely waits for it.
 */
export const loadBlockRenderer = () =>
  import('./registry').then((renderer) => (loadedRenderer = renderer));

const LazyBlocks = lazy(async () => ({ default: (await loadBlockRenderer()).Blocks }));

/**
 * A page's blocks. Once the renderer is loaded they are drawn at once: a lazy component suspends on
 * its first render even then, and the "Loading..." drawn for that moment moved what follows (a
 * journey step's heading below its stage indicator).
 */
export function PageBlocks({ blocks }: { blocks: BlockEnvelope[] }) {
  // Fixed for the element's life, so that its blocks are never drawn again from scratch.
  const [Loaded] = useState(() => loadedRenderer?.Blocks);
  if (Loaded) return <Loaded blocks={blocks} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyBlocks blocks={blocks} />
    </Suspense>
  );
}
