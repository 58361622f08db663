import { useContent } from '../content-context';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** Rich text; while the member's figures are unavailable, its `figuresUnavailableHtml` if it has one. */
export function RichTextBlock({ block }: BlockProps<'richText'>) {
  const { figuresUnavailable } = useContent();
  if (figuresUnavailable && block.figuresUnavailableHtml !== undefined)
    return block.figuresUnavailableHtml.trim() === '' ? null : (
      <RichText html={block.figuresUnavailableHtml} />
    );
  return <RichText html={block.html} dataSourceUrl={block.dataSourceUrl} />;
}
