import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { Footer, Menu } from '@meridian/contracts';
import { contentApi, http, tenantUrl } from '../../lib/api';
import { getContent } from '../../lib/http/client';
import { contentAccessKey } from '../access-key';
import { createTextResolver, globalsAndTokens, noTexts, textsOf, type TextSources } from '../content';
import { useLoad } from '../../components/useLoad';
import { isFooter, isMenu } from './site-content-guards';

const base = '/content-api/api/v2/content';

export interface SiteContent {
  menu: Menu | null;
  footer: Footer | null;
  /** For the placeholders in menu labels and the footer. */
  texts: TextSources;
  /** Still being asked for: the menu bar holds its place meanwhile. */
  loading: boolean;
  /** Could not be read (the service busy, the member offline): the menu bar says so and offers to try again. */
  failed: boolean;
  /** Being read again after a failure, which stays until that read answers. */
  retrying: boolean;
}

const empty: SiteContent = {
  menu: null,
  footer: null,
  texts: noTexts,
  loading: false,
  failed: false,
  retrying: false,
};

/** A menu or footer that is not what its contract says counts as missing, so the frame still renders. */
const loaded = (menu: unknown, footer: unknown, texts: TextSources): SiteContent => ({
  ...empty,
  menu: isMenu(menu) ? menu : null,
  footer: isFooter(footer) ? footer : null,
  texts,
});

async function loadSiteContent(signedIn: boolean): Promise<SiteContent> {
  if (signedIn) {
    const key = await contentAccessKey();
    const query = { contentAccessKey: key };
    const [menu, footer, [globals, tokens]] = await Promise.all([
      getContent<unknown>(http, `${base}/authorized-menu`, { query }),
      getContent<unknown>(http, `${base}/authorized-footer`, { query }),
      globalsAndTokens(key),
    ]);
    return loaded(menu, footer, textsOf(globals, tokens.tokens));
  }
  const query = { tenantUrl: tenantUrl() };
  const [menu, footer, globals] = await Promise.all([
    getContent<unknown>(http, `${base}/unauthorized-menu`, { query }),
    getContent<unknown>(http, `${base}/unauthorized-footer`, { query }),
    contentApi.unauthorisedGlobals().catch(() => null),
  ]);
  return loaded(menu, footer, textsOf(globals, {}));
}

/**
 * The tenant's menu and footer from content; signed-in members get theirs through their access key.
 * `retry` reads them again after a failure.
 */
export function useSiteContent(signedIn: boolean): SiteContent & { retry: () => void } {
  const [content, setContent] = useState<SiteContent>({ ...empty, loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadSiteContent(signedIn)
      // The page frame renders again around the page: in slices, not one long task.
      .then((loaded) => current && startTransition(() => setContent(loaded)))
      .catch(() => current && setContent({ ...empty, failed: true }));
    return () => {
      current = false;
    };
  }, [signedIn, attempt]);
  const retry = useCallback(() => {
    setContent((shown) => ({ ...shown, retrying: true }));
    setAttempt((count) => count + 1);
  }, []);
  return { ...content, retry };
}

const readMemberSiteContent = () => loadSiteContent(true);

/**
 * What the tenant's menu calls the page at `href` for a signed-in member (placeholders filled), so a
 * page that names another says it as the menu does; undefined while the menu is read, or when it has no
 * entry for it. The reads are the frame's, so the client answers them from the frame's.
 */
export function useMenuLabel(href: string): string | undefined {
  const { data } = useLoad(readMemberSiteContent);
  return useMemo(() => {
    if (!data) return undefined;
    const item = data.menu?.items.find((candidate) => 'href' in candidate && candidate.href === href);
    return item && createTextResolver(data.texts).text(item.label);
  }, [data, href]);
}
