import { Suspense, useMemo } from 'react';
import { useLoaderData } from 'react-router';
import {
  evaluateVisibility,
  type BlockEnvelope,
  type BlockOf,
  type VisibilityKey,
} from '@meridian/contracts';
import { FiguresUnavailable } from '../../components/FiguresUnavailable';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { NotFoundPage } from '../errors';
import { JourneyStepPage } from '../journeys';
import { usePageActions } from './actions';
import { PageBlocks } from './block-renderer';
import { ContentContext, publicContent, useContent, useTextResolver } from './content-context';
import { walksAsVisitor, type ContentPageData } from './content-loader';

/** The catch-all route: every other address is a content page looked up by its path. */
export function ContentPage() {
  const { page, accessKey, texts, dataSources, figuresUnavailable } = useLoaderData() as ContentPageData;
  const actions = usePageActions();
  const content = useMemo(
    () => ({ ...publicContent, ...texts, accessKey, dataSources, actions, figuresUnavailable }),
    [accessKey, texts, dataSources, actions, figuresUnavailable],
  );
  if (!page) return <NotFoundPage />;
  return (
    <ContentContext.Provider value={content}>
      {/* Keyed by page, so that no block keeps its state (open tab, table page) on the next page. */}
      {page.journey ? (
        <Suspense fallback={<p className="page-loading">Loading...</p>}>
          <JourneyStepPage
            key={page.key}
            page={{ ...page, journey: page.journey }}
            asVisitor={walksAsVisitor(accessKey)}
          />
        </Suspense>
      ) : (
        <FoundPage key={page.key} title={page.title} blocks={page.blocks} />
      )}
    </ContentContext.Provider>
  );
}

/** A page whose own header block is shown does not repeat its title. */
const hasHeaderBlock = (blocks: BlockEnvelope[], accessKey: VisibilityKey) =>
  blocks.some(
    (block) =>
      block.type === 'header' && evaluateVisibility((block as BlockOf<'header'>).visibility, accessKey),
  );

function FoundPage({ title: authored, blocks }: { title: string; blocks: BlockEnvelope[] }) {
  const { text } = useTextResolver();
  const title = text(authored);
  useDocumentTitle(title);
  const { accessKey, figuresUnavailable } = useContent();
  return (
    <>
      {!hasHeaderBlock(blocks, accessKey) && <h1>{title}</h1>}
      {figuresUnavailable && <FiguresUnavailable />}
      <PageBlocks blocks={blocks} />
    </>
  );
}
