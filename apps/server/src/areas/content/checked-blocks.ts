import {
  blockSchema,
  blockTypeNames,
  SKIPPED_BLOCK_TYPE,
  type Block,
  type BlockEnvelope,
  type SkippedBlockMarker,
} from '@meridian/contracts';

const knownTypes = new Set<string>(blockTypeNames);

/**
 * Stored blocks checked against their contracts, nested blocks too. This runs once when a page is
 * read into the content cache, so browsers receive blocks they can render without checking them: a
 * valid block as its contract reads it (unknown keys dropped), and in place of one that fails, a
 * skipped-block marker whose reason is also passed to `skipped` (for the log).
 */
export function checkedBlocks(stored: unknown, skipped: (reason: string) => void): BlockEnvelope[] {
  if (!Array.isArray(stored)) return [];
  return stored.map((block) => checkedBlock(block, skipped));
}

function checkedBlock(stored: unknown, skipped: (reason: string) => void): BlockEnvelope {
  const parsed = blockSchema.safeParse(stored);
  if (parsed.success) return withCheckedNestedBlocks(parsed.data, (blocks) => checkedBlocks(blocks, skipped));
  const { type, visibility } = (stored ?? {}) as { type?: unknown; visibility?: unknown };
  const reason =
    typeof type === 'string' && knownTypes.has(type)
      ? `Content block "${type}" does not match its contract (${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')})`
      : `Content block of unknown type "${String(type)}"`;
  skipped(reason);
  const marker: SkippedBlockMarker = { type: SKIPPED_BLOCK_TYPE, reason };
  return visibility === undefined ? marker : { ...marker, visibility };
}

/** Layout blocks hold blocks of their own (each an unchecked envelope in the block's contract). */
function withCheckedNestedBlocks(block: Block, check: (blocks: BlockEnvelope[]) => BlockEnvelope[]): Block {
  switch (block.type) {
    case 'panel':
      return { ...block, columns: block.columns.map((column) => ({ ...column, blocks: check(column.blocks) })) };
    case 'grid':
      return { ...block, blocks: check(block.blocks) };
    case 'tabs':
      return { ...block, tabs: block.tabs.map((tab) => ({ ...tab, blocks: check(tab.blocks) })) };
    case 'accordion':
      return {
        ...block,
        items: block.items.map((item) => (item.blocks ? { ...item, blocks: check(item.blocks) } : item)),
      };
    case 'modal':
      return block.blocks ? { ...block, blocks: check(block.blocks) } : block;
    default:
      return block;
  }
}
