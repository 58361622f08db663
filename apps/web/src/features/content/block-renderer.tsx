import { lazy, Suspense } from 'react';
import type { BlockEnvelope } from '@meridian/contracts';
import { PageLoading } from '../../components/PageLoading';

/**
 * The block renderer (the registry, every block component, rich text and its sanitiser) is a chunk of
 * its own, out of the app's entry. The content loader starts loading it with the page request, so a
 * page rarely waits for it.
 */
export const loadBlockRenderer = () => import('./registry');

const LazyBlocks = lazy(async () => ({ default: (await loadBlockRenderer()).Blocks }));

export function PageBlocks({ blocks }: { blocks: BlockEnvelope[] }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyBlocks blocks={blocks} />
    </Suspense>
  );
}
