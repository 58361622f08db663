import { lazy, Suspense, type ComponentType } from 'react';
import type { BlockEnvelope, BlockType } from '@meridian/contracts';
import type { BlockProps } from './block-props';

type BlockComponent<Type extends BlockType> = ComponentType<BlockProps<Type>>;

/**
 * A block component in a chunk of its own. `preload` fetches it; once it is there it renders at once,
 * so a page whose loader preloaded its blocks never shows a gap while one loads.
 */
function lazyBlock<Type extends BlockType>(load: () => Promise<BlockComponent<Type>>) {
  let loaded: BlockComponent<Type> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Pending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function LazyBlock(props: BlockProps<Type>) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Pending {...props} />
      </Suspense>
    );
  }
  return { component: LazyBlock, preload };
}

/** Blocks few pages have (none on the hub or the home page): kept out of the block renderer's chunk. */
export const rareBlocks = {
  chart: lazyBlock(() => import('./blocks/Chart').then((module) => module.Chart)),
  dataTable: lazyBlock(() => import('./blocks/DataTable').then((module) => module.DataTable)),
  pageFeed: lazyBlock(() => import('./blocks/PageFeed').then((module) => module.PageFeed)),
  pageMenu: lazyBlock(() => import('./blocks/PageMenu').then((module) => module.PageMenu)),
  tabs: lazyBlock(() => import('./blocks/Tabs').then((module) => module.Tabs)),
  timeline: lazyBlock(() => import('./blocks/Timeline').then((module) => module.Timeline)),
};

const isRareType = (type: unknown): type is keyof typeof rareBlocks =>
  typeof type === 'string' && Object.hasOwn(rareBlocks, type);

/** Loads the rare block components a page's blocks use, at any depth. */
export async function preloadRareBlocks(blocks: BlockEnvelope[]): Promise<void> {
  const types = new Set<keyof typeof rareBlocks>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const { type } = value as { type?: unknown };
      if (isRareType(type)) types.add(type);
      Object.values(value).forEach(walk);
    }
  };
  walk(blocks);
  await Promise.all([...types].map((type) => rareBlocks[type].preload()));
}
