import { SOMETHING_WENT_WRONG } from '@meridian/contracts';
import { readCookie } from '../cookies';

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RequestInfo {
  method: string;
  url: string;
  query: string;
  headers: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly codes: string[],
  ) {
    super(`HTTP ${status}: ${codes.join(', ')}`);
  }
}

export interface HttpClientOptions {
  baseUrl?: string;
  defaultHeaders?: Record<string, string>;
  onRequest?: (request: RequestInfo) => void;
  onError?: (error: HttpError, request: RequestInfo) => void;
  logger?: (message: string, details?: unknown) => void;
  fetch?: typeof fetch;
}

export type ResponseErrorHandler = (error: HttpError, request: RequestInfo) => Promise<unknown> | unknown;

/** Array values repeat the key once per value: `a=1&a=2`. */
export function serialiseQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

/** An errors array maps to its codes; anything unusable becomes something_went_wrong (spec section 8). */
export function errorCodesFrom(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return [SOMETHING_WENT_WRONG];
  return errors.map((error) => {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && code ? code : SOMETHING_WENT_WRONG;
  });
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions = {}) {
  let defaultHeaders = { ...options.defaultHeaders };
  let responseErrorHandler: ResponseErrorHandler | undefined;
  const log = options.logger ?? ((message: string, details?: unknown) => console.debug(message, details));

  async function request<T>(method: string, path: string, { query, body, headers }: RequestOptions = {}): Promise<T> {
    const queryString = serialiseQuery(query);
    const url = `${options.baseUrl ?? ''}${path}${queryString ? `?${queryString}` : ''}`;
    const finalHeaders: Record<string, string> = { accept: 'application/json', ...defaultHeaders, ...headers };
    const accessToken = readCookie('accessToken');
    if (accessToken) finalHeaders.authorization = `Bearer ${accessToken}`;
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) finalHeaders['x-xsrf-token'] = xsrf;
    if (body !== undefined) finalHeaders['content-type'] = 'application/json';
    const info: RequestInfo = { method, url, query: queryString, headers: finalHeaders };
    log(`${method} ${url}`, { query: queryString });
    options.onRequest?.(info);

    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        method,
        headers: finalHeaders,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      const error = new HttpError(0, [SOMETHING_WENT_WRONG]);
      log(`${method} ${url} failed`, error.codes);
      options.onError?.(error, info);
      throw error;
    }
    const parsed = await parseBody(response);
    if (response.ok) return parsed as T;
    const error = new HttpError(response.status, errorCodesFrom(parsed));
    log(`${method} ${url} answered ${response.status}`, error.codes);
    options.onError?.(error, info);
    if (responseErrorHandler) return (await responseErrorHandler(error, info)) as T;
    throw error;
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    setResponseErrorHandler(handler: ResponseErrorHandler | undefined) {
      responseErrorHandler = handler;
    },
    mergeDefaultHeaders(headers: Record<string, string>) {
      defaultHeaders = { ...defaultHeaders, ...headers };
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Content calls treat 404 as "no data" rather than an error (spec section 7). */
export async function orEmptyOn404<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
