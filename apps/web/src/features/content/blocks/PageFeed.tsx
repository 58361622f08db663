import { useId, useState, useSyncExternalStore } from 'react';
import { useTextResolver } from '../content-context';
import { CardView } from './Card';
import type { BlockProps } from '../block-props';

const wideScreen = '(min-width: 48em)';
const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia?.(wideScreen);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia?.(wideScreen).matches ?? true;

/** Three cards at a time on wide screens, one on narrow ones. */
function useCardsPerView() {
  return useSyncExternalStore(subscribeToWidth, isWide, () => true) ? 3 : 1;
}

type Item = BlockProps<'pageFeed'>['block']['items'][number];

/** Previous and next buttons move a view at a time; it never turns on its own. */
function Carousel({ items, headingLevel }: { items: Item[]; headingLevel: 2 | 3 }) {
  const perView = useCardsPerView();
  const [first, setFirst] = useState(0);
  const start = Math.min(first, Math.max(0, items.length - perView));
  const end = Math.min(start + perView, items.length);
  const move = (by: number) => setFirst(Math.max(0, Math.min(start + by, items.length - perView)));
  const atStart = start === 0;
  const atEnd = end >= items.length;
  return (
    <>
      <ul className="card-list card-list--carousel">
        {items.slice(start, end).map((item, index) => (
          <li key={start + index}>
            <CardView title={item.title} html={item.html} link={item.link} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      <div className="carousel__controls">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={atStart}
          onClick={() => !atStart && move(-perView)}
        >
          Previous
        </button>
        <p className="carousel__status" aria-live="polite">
          {start + 1 === end ? `${end}` : `${start + 1} to ${end}`} of {items.length}
        </p>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={atEnd}
          onClick={() => !atEnd && move(perView)}
        >
          Next
        </button>
      </div>
    </>
  );
}

export function PageFeed({ block }: BlockProps<'pageFeed'>) {
  const { text } = useTextResolver();
  const titleId = useId();
  const headingLevel = block.title ? 3 : 2;
  const carousel = block.layout === 'carousel' && block.items.length > 1;
  return (
    <section
      className="page-feed"
      aria-labelledby={block.title && titleId}
      aria-label={block.title ? undefined : 'Related pages'}
      aria-roledescription={carousel ? 'carousel' : undefined}
    >
      {block.title && <h2 id={titleId}>{text(block.title)}</h2>}
      {carousel ? (
        <Carousel items={block.items} headingLevel={headingLevel} />
      ) : (
        <ul className="card-list">
          {block.items.map((item, index) => (
            <li key={index}>
              <CardView title={item.title} html={item.html} link={item.link} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
