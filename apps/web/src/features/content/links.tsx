import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { http, tenantUrl } from '../../lib/api';
import { getContent } from '../../lib/http/client';
import { readCookie } from '../../lib/cookies';
import { contentAccessKey } from '../access-key';

/** Where a content link goes: an address, or a page by its key. */
export interface LinkTarget {
  href?: string;
  pageKey?: string;
}

const pageUrls = new Map<string, Promise<string | null>>();

/**
 * A page's address by its key, asked once per tenant, key and reader: visitors learn only public
 * pages' addresses, a signed-in member (through their content access key) those of the pages it opens.
 */
async function pageUrl(pageKey: string): Promise<string | null> {
  const accessKey = readCookie('accessToken') ? await contentAccessKey().catch(() => undefined) : undefined;
  const cacheKey = `${tenantUrl()} ${pageKey} ${accessKey ?? ''}`;
  let url = pageUrls.get(cacheKey);
  if (!url) {
    url = getContent<{ url: string }>(http, '/content-api/api/v2/content/url', {
      query: { key: pageKey, tenantUrl: tenantUrl(), contentAccessKey: accessKey },
    })
      .then((answer) => answer?.url ?? null)
      .catch(() => {
        pageUrls.delete(cacheKey);
        return null;
      });
    pageUrls.set(cacheKey, url);
  }
  return url;
}

/** Asks for the address of every page a page's blocks link to by key, so they are asked together. */
export function preloadPageUrls(blocks: unknown) {
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (key === 'pageKey' && typeof field === 'string') void pageUrl(field);
        else walk(field);
      }
    }
  };
  walk(blocks);
}

/** The link's address; for a page key, undefined until the content API has answered (or if it has no such page). */
export function useLinkHref({ href, pageKey }: LinkTarget): string | undefined {
  const [resolved, setResolved] = useState<{ pageKey: string; url: string | null }>();
  useEffect(() => {
    if (href !== undefined || pageKey === undefined) return;
    let current = true;
    void pageUrl(pageKey).then((url) => {
      if (!current) return;
      if (url === null) console.warn(`No page has the key "${pageKey}": its link is shown as text`);
      setResolved({ pageKey, url });
    });
    return () => {
      current = false;
    };
  }, [href, pageKey]);
  if (href !== undefined) return href;
  return resolved && resolved.pageKey === pageKey ? (resolved.url ?? undefined) : undefined;
}

/**
 * The address of the first of these pages the tenant has, by key (undefined until the content API has
 * answered, or if it has none of them): a feature's way to a page whose address each tenant chooses.
 */
function useFirstPageHref(pageKeys: readonly string[]): string | undefined {
  const wanted = pageKeys.join(' ');
  const [resolved, setResolved] = useState<{ wanted: string; url: string | null }>();
  useEffect(() => {
    let current = true;
    const firstUrl = async () => {
      for (const key of wanted.split(' ')) {
        const url = await pageUrl(key);
        if (url !== null) return url;
      }
      return null;
    };
    void firstUrl().then((url) => {
      if (!current) return;
      if (url === null) console.warn(`No page has any of the keys "${wanted}": its link is shown as text`);
      setResolved({ wanted, url });
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  return resolved && resolved.wanted === wanted ? (resolved.url ?? undefined) : undefined;
}

/**
 * The in-app address (path, query and hash) of a link to this site: a site path, or an http or https
 * address on the site's own host. Undefined for anything else (another host, mailto:, tel:).
 */
export function internalPath(href: string): string | undefined {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (!/^https?:\/\//i.test(href)) return undefined;
  try {
    const url = new URL(href);
    return url.host === window.location.host ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A content link: router navigation within the site, `rel="noopener noreferrer"` elsewhere.
 * `analyticsKey` becomes `data-analytics-key`, which the analytics click listener reads.
 */
export function ContentLink({
  target,
  className,
  analyticsKey,
  children,
}: {
  target: LinkTarget;
  className?: string;
  analyticsKey?: string;
  children: ReactNode;
}) {
  const href = useLinkHref(target);
  const attributes = { className, 'data-analytics-key': analyticsKey };
  if (href === undefined) return <span {...attributes}>{children}</span>;
  const path = internalPath(href);
  if (path !== undefined)
    return (
      <Link to={path} {...attributes}>
        {children}
      </Link>
    );
  return (
    <a href={href} rel="noopener noreferrer" {...attributes}>
      {children}
    </a>
  );
}

/**
 * A feature's link to one of the tenant's pages by its key, as content links are, so it follows the
 * tenant's own address (Bluewater's planner is /take-your-pension, Meridian's /retirement/options). A later
 * key is the fallback for a tenant without the page of an earlier one.
 */
export function PageLink({
  pageKeys,
  className,
  children,
}: {
  pageKeys: readonly [string, ...string[]];
  className?: string;
  children: ReactNode;
}) {
  const href = useFirstPageHref(pageKeys);
  return (
    <ContentLink target={{ href }} className={className}>
      {children}
    </ContentLink>
  );
}
