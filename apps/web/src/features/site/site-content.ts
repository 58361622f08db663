import { useEffect, useState } from 'react';
import type { Footer, Menu } from '@meridian/contracts';
import { http, tenantUrl } from '../../lib/api';
import { getContent } from '../../lib/http/client';
import { contentAccessKey } from '../access-key/access-key';

const base = '/content-api/api/v2/content';

export interface SiteContent {
  menu: Menu | null;
  footer: Footer | null;
}

async function loadSiteContent(signedIn: boolean): Promise<SiteContent> {
  if (signedIn) {
    const key = await contentAccessKey();
    const query = { contentAccessKey: key };
    const [menu, footer] = await Promise.all([
      getContent<Menu>(http, `${base}/authorized-menu`, { query }),
      getContent<Footer>(http, `${base}/authorized-footer`, { query }),
    ]);
    return { menu, footer };
  }
  const query = { tenantUrl: tenantUrl() };
  const [menu, footer] = await Promise.all([
    getContent<Menu>(http, `${base}/unauthorized-menu`, { query }),
    getContent<Footer>(http, `${base}/unauthorized-footer`, { query }),
  ]);
  return { menu, footer };
}

/** The tenant's menu and footer from content; signed-in members get theirs through their access key. */
export function useSiteContent(signedIn: boolean): SiteContent {
  const [content, setContent] = useState<SiteContent>({ menu: null, footer: null });
  useEffect(() => {
    let current = true;
    loadSiteContent(signedIn)
      .then((loaded) => current && setContent(loaded))
      .catch(() => current && setContent({ menu: null, footer: null }));
    return () => {
      current = false;
    };
  }, [signedIn]);
  return content;
}
