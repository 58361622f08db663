import { replace, type LoaderFunctionArgs } from 'react-router';
import { pageSchema, publicVisibilityKey, type Page, type VisibilityKey } from '@meridian/contracts';
import { contentApi } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { HttpError } from '../../lib/http/client';
import { contentAccessKey, visibilityKeyFromAccessKey } from '../access-key/access-key';
import { clientWordingFlags } from '../access-key/wording-flags';

/** Signed-in members get their personalised page; visitors the public one. */
async function fetchPage(
  slug: string,
  signal: AbortSignal,
): Promise<{ page: unknown; accessKey: VisibilityKey }> {
  if (!readCookie('accessToken')) {
    return { page: await contentApi.unauthorisedPage(slug, signal), accessKey: publicVisibilityKey };
  }
  const flags = clientWordingFlags(navigator.userAgent);
  const personalised = async (key: string) => ({
    page: await contentApi.authorisedPage(slug, key, flags, signal),
    accessKey: visibilityKeyFromAccessKey(key, flags),
  });
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
}

/**
 * The catch-all route's loader: the page at this path, from the content API. 404 is "no page"
 * (the not-found page renders); any other failure sends the member to the error route.
 */
export function contentPageLoader(errorRoute: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<ContentPageData | Response> => {
    const slug = new URL(request.url).pathname || '/';
    try {
      const { page: answer, accessKey } = await fetchPage(slug, request.signal);
      if (answer === null) return { page: null, accessKey };
      const parsed = pageSchema.safeParse(answer);
      if (parsed.success) return { page: parsed.data, accessKey };
      console.error(`The page at ${slug} does not match its contract`, parsed.error.issues);
    } catch (error) {
      // An abandoned navigation: the router ignores whatever happens next.
      if (request.signal.aborted) throw error;
    }
    return replace(errorRoute);
  };
}
