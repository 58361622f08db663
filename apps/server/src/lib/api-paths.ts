/** Where the portal's APIs answer: everything else is a document (the app shell, static files, the identity provider). */
export const API_PATH_PREFIXES = ['/authentication-api/', '/content-api/', '/mdp-api/', '/api/', '/admin-api/'];

/** Whether a path (or a route's URL) lies under one of the given prefixes (API_PATH_PREFIXES, or a list built on it). */
export const isApiPath = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path.startsWith(prefix));

/** Where the built web app's content-hashed files are served from, cached for a year. */
export const HASHED_ASSETS_PATH = '/assets/';
