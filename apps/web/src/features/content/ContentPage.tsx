import { useLoaderData } from 'react-router';
import type { BlockEnvelope } from '@meridian/contracts';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { NotFoundPage } from '../errors/ErrorPage';
import { BlockView } from './blocks';
import type { ContentPageData } from './content-loader';

/** The catch-all route: every other address is a public content page looked up by its path. */
export function ContentPage() {
  const { page } = useLoaderData() as ContentPageData;
  if (!page) return <NotFoundPage />;
  return <FoundPage title={page.title} blocks={page.blocks} />;
}

function FoundPage({ title, blocks }: { title: string; blocks: BlockEnvelope[] }) {
  useDocumentTitle(title);
  return (
    <>
      <h1>{title}</h1>
      {blocks.map((block, index) => (
        <BlockView key={`${index}-${block.type}`} block={block} />
      ))}
    </>
  );
}
