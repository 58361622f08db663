import type { Link } from '@meridian/contracts';
import { useFiguresWording, useTextResolver } from '../content-context';
import { ContentLink } from '../links';
import { RichText } from '../rich-text';
import type { BlockProps } from '../block-props';

/** A card: title, optional text and link. Shared with the page feed. */
export function CardView({
  title,
  html,
  link,
  headingLevel = 2,
  dataSourceUrl,
}: {
  title: string;
  html?: string;
  link?: Link;
  headingLevel?: 2 | 3;
  dataSourceUrl?: string;
}) {
  const { text } = useTextResolver(dataSourceUrl);
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="card">
      <Heading className="card__title">{text(title)}</Heading>
      {html !== undefined && <RichText html={html} dataSourceUrl={dataSourceUrl} />}
      {link && (
        <p className="card__link">
          <ContentLink target={link}>{text(link.label)}</ContentLink>
        </p>
      )}
    </div>
  );
}

/** A card; while the member's figures are unavailable, its `figuresUnavailableHtml` if it has one. */
export function Card({ block }: BlockProps<'card'>) {
  const wording = useFiguresWording(block.html, block.figuresUnavailableHtml);
  if (wording.hidden) return null;
  return (
    <CardView title={block.title} html={wording.html} link={block.link} dataSourceUrl={block.dataSourceUrl} />
  );
}
