import { replace, type LoaderFunctionArgs } from 'react-router';
import {
  isCalculationUnavailable,
  publicVisibilityKey,
  type Globals,
  type Page,
  type VisibilityKey,
} from '@meridian/contracts';
import { contentApi, memberApi } from '../../lib/api';
import { loadBlockRenderer } from './block-renderer';
import { loadDataSources } from './data-sources';
import { preloadPageUrls } from './links';
import { noTexts, type TextSources } from './tokens';
import { readCookie } from '../../lib/cookies';
import { HttpError } from '../../lib/http/client';
import { serviceProblem } from '../../lib/service-problem';
import { clientWordingFlags, contentAccessKey, visibilityKeyFromAccessKey } from '../access-key';
import { preloadJourneyStep } from '../journeys';

/** Someone not signed in sees only public pages: a journey there is walked as a visitor. */
export const walksAsVisitor = (accessKey: VisibilityKey) => accessKey.fields.schemeType === undefined;

/**
 * A journey step's page, its reads and its question's field start loading as soon as the page is
 * known to be one, alongside the rest of the page's data, not after the step page has drawn.
 */
function preloadStep(page: Page | null, accessKey: VisibilityKey) {
  if (page?.journey) preloadJourneyStep({ ...page, journey: page.journey }, walksAsVisitor(accessKey));
}

/**
 * Signed-in members get their personalised page, with the answers of its blocks' data sources;
 * visitors the public one. The globals' texts and the member's tokens come along.
 */
async function fetchPage(slug: string, signal: AbortSignal): Promise<ContentPageData> {
  if (!readCookie('accessToken')) {
    const [page, globals] = await Promise.all([
      contentApi.unauthorisedPage(slug, signal),
      contentApi.unauthorisedGlobals(signal).catch(() => null),
    ]);
    preloadStep(page, publicVisibilityKey);
    return {
      page,
      accessKey: publicVisibilityKey,
      texts: textsOf(globals, {}),
      dataSources: {},
      figuresUnavailable: false,
    };
  }
  const flags = clientWordingFlags(navigator.userAgent, navigator.maxTouchPoints);
  const personalised = async (key: string) => {
    const [page, [globals, tokens]] = await Promise.all([
      contentApi.authorisedPage(slug, key, flags, signal),
      globalsAndTokens(key),
    ]);
    const accessKey = visibilityKeyFromAccessKey(key, flags);
    preloadStep(page, accessKey);
    // The links' addresses travel with the data sources' answers.
    preloadPageUrls(page?.blocks ?? []);
    const dataSources = await loadDataSources(page?.blocks ?? [], signal);
    return {
      page,
      accessKey,
      texts: textsOf(globals, tokens.tokens),
      dataSources,
      figuresUnavailable:
        tokens.figuresUnavailable || Object.values(dataSources).some(isCalculationUnavailable),
    };
  };
  try {
    return await personalised(await contentAccessKey());
  } catch (error) {
    // A key the content service no longer accepts (expired, or the signing secret changed): ask for a new one once.
    if (!(error instanceof HttpError && error.status === 401)) throw error;
    return personalised(await contentAccessKey({ recalculate: true }));
  }
}

/** What the catch-all route renders: the page (null when the content API has none) and who reads it. */
export interface ContentPageData {
  page: Page | null;
  accessKey: VisibilityKey;
  /** Texts for `[[label:…]]`, `[[token:…]]`, `[[modal:…]]` and `[[tooltip:…]]` placeholders. */
  texts: TextSources;
  /** Answers of the blocks' data sources, for `[[data-…:path]]` placeholders. */
  dataSources: Record<string, unknown>;
  /** The member's figures (calculated tokens or a data source) could not be worked out. */
  figuresUnavailable: boolean;
}

/**
 * The globals' texts and the member's tokens for an access key. The frame (menu and footer) and the
 * page both need them; the HTTP client shares one answer per read, so they are asked for once.
 */
export const globalsAndTokens = (key: string) =>
  Promise.all([
    contentApi.authorisedGlobals(key).catch(() => null),
    memberApi.tokens().catch(() => ({ tokens: {} as Record<string, string>, figuresUnavailable: true })),
  ]);

/** The placeholders' sources from the globals and the member's tokens. */
export const textsOf = (globals: Globals | null, tokens: Record<string, string>): TextSources => ({
  labels: Object.fromEntries((globals?.labels ?? []).map((label) => [label.labelKey, label.labelText])),
  tokens,
  modals: Object.fromEntries((globals?.modals ?? []).map(({ key, title, html }) => [key, { title, html }])),
  tooltips: Object.fromEntries((globals?.tooltips ?? []).map((tooltip) => [tooltip.key, tooltip.text])),
});

/**
 * The catch-all route's loader: the page at this path, from the content API. 404 is "no page"
 * (the not-found page renders). A busy service or a lost connection passes, so the member stays at
 * this address and the error boundary offers to try again; any other failure sends them to the error route.
 */
export function contentPageLoader(errorRoute: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<ContentPageData | Response> => {
    const slug = new URL(request.url).pathname || '/';
    try {
      const [data, renderer] = await Promise.all([fetchPage(slug, request.signal), loadBlockRenderer()]);
      if (data.page === null) return { ...data, texts: noTexts, dataSources: {}, figuresUnavailable: false };
      await renderer.preloadRareBlocks(data.page.blocks);
      return data;
    } catch (error) {
      // An abandoned navigation: the router ignores whatever happens next.
      if (request.signal.aborted || serviceProblem(error)) throw error;
    }
    return replace(errorRoute);
  };
}
