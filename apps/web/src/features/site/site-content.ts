import { useEffect, useState } from 'react';
import { footerSchema, menuSchema, type Footer, type Menu } from '@meridian/contracts';
import { http, tenantUrl } from '../../lib/api';
import { getContent } from '../../lib/http/client';
import { contentAccessKey } from '../access-key/access-key';

const base = '/content-api/api/v2/content';

export interface SiteContent {
  menu: Menu | null;
  footer: Footer | null;
}

/** Content that does not match its contract is treated as missing rather than breaking the frame. */
const checked = ([menu, footer]: [unknown, unknown]): SiteContent => ({
  menu: menuSchema.safeParse(menu).data ?? null,
  footer: footerSchema.safeParse(footer).data ?? null,
});

async function loadSiteContent(signedIn: boolean): Promise<SiteContent> {
  if (signedIn) {
    const key = await contentAccessKey();
    const query = { contentAccessKey: key };
    return checked(
      await Promise.all([
        getContent<Menu>(http, `${base}/authorized-menu`, { query }),
        getContent<Footer>(http, `${base}/authorized-footer`, { query }),
      ]),
    );
  }
  const query = { tenantUrl: tenantUrl() };
  return checked(
    await Promise.all([
      getContent<Menu>(http, `${base}/unauthorized-menu`, { query }),
      getContent<Footer>(http, `${base}/unauthorized-footer`, { query }),
    ]),
  );
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
