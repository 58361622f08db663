const SITE_SEARCH_PREFIXES = ['/search', '/recherche'];

/**
 * The search term of a site-search results page (a path starting /search or /recherche, term in q),
 * or null for any other page and for an empty term.
 */
export function siteSearchKeyword(pathname: string, search: string): string | null {
  if (!SITE_SEARCH_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const keyword = new URLSearchParams(search).get('q')?.trim();
  return keyword ? keyword : null;
}

const escapeForPattern = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether analytics must leave this page out. A pattern with `*` matches the whole path and query
 * (`*` standing for any characters); a pattern without one matches that path and everything below it.
 */
export function isExcludedPath(pathAndQuery: string, patterns: string[]): boolean {
  const pathname = pathAndQuery.split(/[?#]/)[0]!;
  return patterns.some((pattern) => {
    if (!pattern) return false;
    if (pattern.includes('*')) {
      const expression = pattern.split('*').map(escapeForPattern).join('.*');
      return new RegExp(`^${expression}$`).test(pathAndQuery) || new RegExp(`^${expression}$`).test(pathname);
    }
    const prefix = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
}
