import { useTextResolver } from '../content-context';
import { ContentLink } from '../links';
import type { BlockProps } from '../block-props';

export function BackLink({ block }: BlockProps<'backLink'>) {
  const { text } = useTextResolver();
  return (
    <p>
      <ContentLink target={block} className="back-link">
        {block.label ? text(block.label) : 'Back'}
      </ContentLink>
    </p>
  );
}
