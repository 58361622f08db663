import { useId, useState, type MouseEvent } from 'react';
import { useTextResolver } from '../content-context';
import type { BlockProps } from '../block-props';

/**
 * Moves to the section and focuses it, so that keyboard users carry on from there. The address is
 * replaced rather than pushed: a new history entry would count as a navigation and send focus to main.
 */
function goToSection(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
  const section = document.getElementById(anchor);
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView();
  section.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${anchor}`);
}

/** Links to the sections of this page (blocks with an `anchor`); the chosen one is marked current. */
export function PageMenu({ block }: BlockProps<'pageMenu'>) {
  const { text } = useTextResolver();
  const titleId = useId();
  const [chosen, setChosen] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  return (
    <nav className="page-menu" aria-labelledby={titleId}>
      <h2 id={titleId} className="page-menu__title">
        {block.title ? text(block.title) : 'Contents'}
      </h2>
      <ul>
        {block.items.map((item) => (
          <li key={item.anchor}>
            <a
              href={`#${item.anchor}`}
              aria-current={item.anchor === chosen ? 'location' : undefined}
              onClick={(event) => {
                setChosen(item.anchor);
                goToSection(event, item.anchor);
              }}
            >
              {text(item.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
