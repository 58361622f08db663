import { useFiguresWording, useTextResolver } from '../content-context';
import { formatValue } from '../../../lib/format';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/**
 * A labelled figure. While the member's figures are unavailable it shows its `figuresUnavailableHtml` instead
 * of the value; a tile whose value is a placeholder and that has no such wording is hidden then, never a dash.
 */
export function InfoTile({ block }: BlockProps<'infoTile'>) {
  const { text, label, words } = useTextResolver(block.dataSourceUrl);
  const fromPlaceholder = typeof block.value === 'string' && block.value.includes('[[');
  const wording = useFiguresWording(
    undefined,
    block.figuresUnavailableHtml ?? (fromPlaceholder ? '' : undefined),
  );
  if (wording.hidden) return null;
  const value = typeof block.value === 'string' ? text(block.value) : block.value;
  return (
    <div className="info-tile">
      <p className="info-tile__label">{text(block.label)}</p>
      {wording.withFigures ? (
        <p className="info-tile__value">{formatValue(value, block.format, label, words)}</p>
      ) : (
        <RichText html={wording.html!} />
      )}
    </div>
  );
}
