import { useId } from 'react';
import { useTextResolver } from '../content-context';
import type { BlockProps } from '../block-props';

/** Links to the sections of this page (blocks with an `anchor`). */
export function PageMenu({ block }: BlockProps<'pageMenu'>) {
  const { text } = useTextResolver();
  const titleId = useId();
  return (
    <nav className="page-menu" aria-labelledby={titleId}>
      <h2 id={titleId} className="page-menu__title">
        {block.title ? text(block.title) : 'Contents'}
      </h2>
      <ul>
        {block.items.map((item) => (
          <li key={item.anchor}>
            <a href={`#${item.anchor}`}>{text(item.label)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
