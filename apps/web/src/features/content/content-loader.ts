import { replace, type LoaderFunctionArgs } from 'react-router';
import { pageSchema, type Page } from '@meridian/contracts';
import { contentApi } from '../../lib/api';

/** What the catch-all route renders: the page, or null when the content API has none (404). */
export interface ContentPageData {
  page: Page | null;
}

/**
 * The catch-all route's loader: the public page at this path, from the content API. 404 is "no page"
 * (the not-found page renders); any other failure sends the member to the error route.
 */
export function contentPageLoader(errorRoute: string) {
  return async ({ request }: LoaderFunctionArgs): Promise<ContentPageData | Response> => {
    const slug = new URL(request.url).pathname || '/';
    try {
      const answer = await contentApi.unauthorisedPage(slug, request.signal);
      if (answer === null) return { page: null };
      const parsed = pageSchema.safeParse(answer);
      if (parsed.success) return { page: parsed.data };
      console.error(`The page at ${slug} does not match its contract`, parsed.error.issues);
    } catch (error) {
      // An abandoned navigation: the router ignores whatever happens next.
      if (request.signal.aborted) throw error;
    }
    return replace(errorRoute);
  };
}
