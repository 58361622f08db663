import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

export function RichTextBlock({ block }: BlockProps<'richText'>) {
  return <RichText html={block.html} dataSourceUrl={block.dataSourceUrl} />;
}
