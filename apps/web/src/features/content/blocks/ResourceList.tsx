import { useTextResolver } from '../content-context';
import { formatFileSize } from '../../../lib/format';
import { ContentLink } from '../links';
import type { BlockProps } from '../block-props';

export function ResourceList({ block }: BlockProps<'resourceList'>) {
  const { text } = useTextResolver();
  return (
    <>
      {block.title && <h2>{text(block.title)}</h2>}
      <ul className="resource-list">
        {block.items.map((item, index) => (
          <li key={index} className="resource-list__item">
            <ContentLink target={item}>{text(item.title)}</ContentLink>
            {item.fileSize !== undefined && (
              <span className="resource-list__size"> ({formatFileSize(item.fileSize)})</span>
            )}
            {item.description && <p className="hint">{text(item.description)}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
