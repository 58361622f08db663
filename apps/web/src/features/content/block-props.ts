import type { ReactNode } from 'react';
import type { BlockEnvelope, BlockOf, BlockType } from '@meridian/contracts';

/** What every block component gets: its checked block, and a way to render the blocks nested in it. */
export interface BlockProps<Type extends BlockType> {
  block: BlockOf<Type>;
  renderBlocks: (blocks: BlockEnvelope[]) => ReactNode;
}
