import { useTextResolver } from '../content-context';
import { formatValue } from '../format';
import type { BlockProps } from '../block-props';

export function InfoTile({ block }: BlockProps<'infoTile'>) {
  const { text, label, words } = useTextResolver(block.dataSourceUrl);
  const value = typeof block.value === 'string' ? text(block.value) : block.value;
  return (
    <div className="info-tile">
      <p className="info-tile__label">{text(block.label)}</p>
      <p className="info-tile__value">{formatValue(value, block.format, label, words)}</p>
    </div>
  );
}
