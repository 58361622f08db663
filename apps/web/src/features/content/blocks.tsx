import type { Block } from '@meridian/contracts';

/** Text of an HTML fragment with its tags stripped (spec section 5); rich rendering arrives with the block registry. */
export function stripTags(html: string): string[] {
  const text = html.replace(/<\/(p|li|h\d)>/gi, '\n').replace(/<[^>]*>/g, '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function BlockView({ block }: { block: Block }) {
  if (block.type === 'richText' && typeof block.html === 'string') {
    return stripTags(block.html).map((paragraph) => <p key={paragraph}>{paragraph}</p>);
  }
  console.warn(`Unknown content block type "${block.type}" skipped`);
  return import.meta.env.DEV ? <p className="unknown-block">Unknown block: {block.type}</p> : null;
}
