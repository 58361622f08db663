import { useTextResolver } from '../content-context';
import type { BlockProps } from '../block-props';

/** The page's heading; when a page has one, the page does not show its own title. */
export function Header({ block }: BlockProps<'header'>) {
  const { text } = useTextResolver();
  return (
    <div className="page-header">
      <h1>{text(block.title)}</h1>
      {block.intro && <p className="lead">{text(block.intro)}</p>}
    </div>
  );
}
