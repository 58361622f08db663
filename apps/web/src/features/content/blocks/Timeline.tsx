import { useTextResolver } from '../content-context';
import { formatDate } from '../../../lib/format';
import type { BlockProps } from '../block-props';

const statusNames = { completed: 'Completed', current: 'In progress', upcoming: 'To come' };

export function Timeline({ block }: BlockProps<'timeline'>) {
  const { text } = useTextResolver();
  return (
    <ol className="timeline">
      {block.items.map((item, index) => {
        const date = text(item.date);
        return (
          <li key={index} className={`timeline__item timeline__item--${item.status ?? 'upcoming'}`}>
            <p className="timeline__date">
              <time dateTime={date}>{formatDate(date)}</time>
              {item.status && <span className="timeline__status">{statusNames[item.status]}</span>}
            </p>
            <p className="timeline__label">{text(item.label)}</p>
          </li>
        );
      })}
    </ol>
  );
}
