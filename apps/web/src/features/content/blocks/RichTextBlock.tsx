import { useFiguresWording } from '../content-context';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** Rich text; while the member's figures are unavailable, its `figuresUnavailableHtml` if it has one. */
export function RichTextBlock({ block }: BlockProps<'richText'>) {
  const wording = useFiguresWording(block.html, block.figuresUnavailableHtml);
  if (wording.hidden) return null;
  return (
    <RichText html={wording.html!} dataSourceUrl={wording.withFigures ? block.dataSourceUrl : undefined} />
  );
}
