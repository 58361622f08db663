import { useTextResolver } from '../content-context';
import { ContentLink } from '../links';
import type { BlockProps } from '../block-props';

export function LinkPanel({ block }: BlockProps<'linkPanel'>) {
  const { text } = useTextResolver();
  return (
    <div className="link-panel">
      <h2 className="link-panel__title">{text(block.title)}</h2>
      <ul className="link-panel__list">
        {block.links.map((link, index) => (
          <li key={index}>
            <ContentLink target={link}>{text(link.label)}</ContentLink>
            {link.description && <p className="hint">{text(link.description)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
