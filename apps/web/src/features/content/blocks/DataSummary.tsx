import type { FileLink, Value } from '@meridian/contracts';
import { useTextResolver } from '../content-context';
import { formatFileSize, formatValue, missing } from '../../../lib/format';
import { ContentLink } from '../links';
import type { BlockProps } from '../block-props';

function FileList({ files }: { files: FileLink[] }) {
  const { text } = useTextResolver();
  if (files.length === 0) return missing;
  return (
    <ul className="file-list">
      {files.map((file, index) => (
        <li key={index}>
          <ContentLink target={file}>{text(file.name)}</ContentLink>
          {file.size !== undefined && ` (${formatFileSize(file.size)})`}
        </li>
      ))}
    </ul>
  );
}

/** Labels and values; string values may hold placeholders, filled before the value is formatted. */
export function DataSummary({ block }: BlockProps<'dataSummary'>) {
  const { text, label, words } = useTextResolver();
  const show = (value: Value, format: BlockProps<'dataSummary'>['block']['rows'][number]['format']) => {
    if (Array.isArray(value)) return <FileList files={value} />;
    return formatValue(typeof value === 'string' ? text(value) : value, format, label, words);
  };
  return (
    <>
      {block.title && <h2>{text(block.title)}</h2>}
      <dl className="summary-list">
        {block.rows.map((row, index) => (
          <div key={index} className="summary-row">
            <dt>{text(row.label)}</dt>
            <dd>{show(row.value, row.format)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
