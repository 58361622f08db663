import { SOMETHING_WENT_WRONG } from '@meridian/contracts';
import { readCookie } from '../cookies';
import { debugWhenIdle } from './idle-log';

/**
 * The fetch wrapper every API call goes through (spec: "client behaviour common to all calls").
 *
 * - each request is logged (method, URL, serialised query) and passed to the `onRequest` hook;
 * - array query values repeat their key: `a=1&a=2`;
 * - `Authorization: Bearer <accessToken cookie>` when that cookie is present;
 * - `X-XSRF-TOKEN: <XSRF-TOKEN cookie>` when that cookie is present;
 * - credentials `same-origin`, no timeout;
 * - 200..299 is success: JSON bodies are parsed, 204 (or an empty body) gives `undefined`;
 * - anything else becomes an `HttpError` with the status and the codes of the body's `errors` array.
 */

export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON; a `FormData` is sent as it is (multipart, the browser sets its boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Cancels the request (for example when the router abandons a navigation). */
  signal?: AbortSignal;
  /** Resolve a 404 with `null` instead of failing: content that does not exist is "no data". */
  nullOn404?: boolean;
  /** `blob`: a successful answer is the body's bytes (a file), not parsed JSON. Errors are read as usual. */
  responseType?: 'json' | 'blob';
}

export interface RequestInfo {
  method: string;
  url: string;
  /** The serialised query string, without the leading `?`. */
  query: string;
  headers: Headers;
  /** Sends the same request again (fresh cookies and headers); a retry's own error is not handled again. */
  retry: <T>() => Promise<T>;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    /** The response status; 0 when no response arrived (network failure). */
    readonly status: number,
    /** Machine codes from the response's `errors` array; never empty. */
    readonly codes: string[],
    /** The service's words for each error, where it gave them (a refusal written for the member). */
    readonly messages: readonly string[] = [],
  ) {
    super(`HTTP ${status}: ${codes.join(', ')}`);
  }
}

export type Logger = (message: string, details?: unknown) => void;

export interface HttpClientOptions {
  /** Prefix for every path; empty (same origin) by default. */
  baseUrl?: string;
  defaultHeaders?: Record<string, string>;
  /** Runs on every request, before it is sent. */
  onRequest?: (request: RequestInfo) => void;
  /** Runs on every request error (no response) and every response error. */
  onError?: (error: HttpError, request: RequestInfo) => void;
  /** Receives request and error log lines; requests default to console.debug (when idle), errors to console.warn. */
  logger?: Logger;
  /**
   * Signed-in GETs that start in the same task go out as one POST to `path` (the server answers each
   * read as if it had been sent alone); a lone GET, and any path `batchable` refuses, goes out as it is.
   */
  batch?: {
    path: string;
    batchable: (path: string) => boolean;
    /** Headers each read of a batch carries of its own (which record it reads), lower case. */
    perRead: readonly string[];
  };
}

const jsonOrNull = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/**
 * How long an answer is shared with the same GET asked again (a prefetched read and the page that uses
 * it, the hub's own reads and its content's data sources); any write forgets every answer.
 */
const SHARED_READ_FRESH_MS = 10_000;

/** One GET's answer, shared by every caller asking the same read while it is in flight or fresh. */
interface SharedRead {
  answer: Promise<unknown>;
  /** The answer, once it has arrived. */
  value?: unknown;
  /** When the answer arrived; unset while the read is in flight. */
  answeredAt?: number;
  /** Callers still waiting that can cancel: the read is cancelled when the last of them does. */
  cancellable: number;
  /** A caller (or a prefetch) waits without a signal, so the read goes on whoever else cancels. */
  kept: boolean;
  cancel: AbortController;
}

interface QueuedRead {
  path: string;
  /** The read's own headers (`batch.perRead`), sent with it inside the batch. */
  own: Record<string, string>;
  init: RequestInit;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

/** Decides what a failed response turns into: resolve with a value or throw. */
export type ResponseErrorHandler = (error: HttpError, request: RequestInfo) => unknown;

/** Array values repeat the key once per value (`a=1&a=2`); null and undefined are left out. */
export function serialiseQuery(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: ReadonlyArray<string | number | boolean> = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  return params.toString();
}

/**
 * The codes of an error body. An `errors` array maps to its codes, an item without a usable code to
 * `something_went_wrong`; a missing, empty or non-array `errors` gives `['something_went_wrong']`.
 */
export function errorCodesFrom(body: unknown): string[] {
  const errors =
    body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors) || errors.length === 0) return [SOMETHING_WENT_WRONG];
  return errors.map((error: unknown) => {
    const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
    return typeof code === 'string' && code.length > 0 ? code : SOMETHING_WENT_WRONG;
  });
}

/** The messages of an error body's `errors`, in order; those without a usable one are left out. */
export function errorMessagesFrom(body: unknown): string[] {
  const errors =
    body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((error: unknown) => {
    const message =
      error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message.trim().length > 0 ? [message] : [];
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');

export function createHttpClient(options: HttpClientOptions = {}) {
  let defaultHeaders: Record<string, string> = { ...options.defaultHeaders };
  let responseErrorHandler: ResponseErrorHandler | undefined;
  const logRequest: Logger = options.logger ?? debugWhenIdle;
  const logError: Logger = options.logger ?? ((message, details) => console.warn(message, details));
  const sharedReads = new Map<string, SharedRead>();
  const queues = new Map<string, QueuedRead[]>();

  const abortError = (signal: AbortSignal | null | undefined) =>
    signal?.reason ?? new DOMException('The request was aborted', 'AbortError');

  /** Sends the reads queued with the same headers: alone as they are, together as one batch. */
  async function sendQueue(reads: QueuedRead[], headers: Headers) {
    const live = reads.filter((read) => {
      if (read.init.signal?.aborted) read.reject(abortError(read.init.signal));
      return !read.init.signal?.aborted;
    });
    if (live.length === 1) {
      const [read] = live as [QueuedRead];
      const alone = new Headers(headers);
      for (const [name, value] of Object.entries(read.own)) alone.set(name, value);
      fetch(`${options.baseUrl ?? ''}${read.path}`, { ...read.init, headers: alone }).then(
        read.resolve,
        read.reject,
      );
      return;
    }
    if (live.length === 0) return;
    const batchHeaders = new Headers(headers);
    batchHeaders.set('Content-Type', 'application/json');
    logRequest(`POST ${options.batch!.path}: ${live.map((read) => read.path).join(', ')}`);
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl ?? ''}${options.batch!.path}`, {
        method: 'POST',
        headers: batchHeaders,
        credentials: 'same-origin',
        body: JSON.stringify({
          requests: live.map(({ path, own }) =>
            Object.keys(own).length > 0 ? { path, headers: own } : { path },
          ),
        }),
      });
    } catch (error) {
      live.forEach((read) => read.reject(error));
      return;
    }
    const text = await response.text().catch(() => '');
    // A refused batch (an expired token, say) is each read's answer: each is then handled as its own.
    const answers = response.ok
      ? (JSON.parse(text) as { responses: { status: number; body: unknown }[] }).responses
      : live.map(() => ({ status: response.status, body: jsonOrNull(text) }));
    live.forEach((read, index) => {
      const { status, body } = answers[index]!;
      if (read.init.signal?.aborted) read.reject(abortError(read.init.signal));
      else
        read.resolve(
          new Response(body === null || body === undefined ? null : JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
    });
  }

  /** Queues a GET for the batch sent once the current task is over. */
  function queueRead(path: string, init: RequestInit & { headers: Headers }): Promise<Response> {
    const shared = new Headers(init.headers);
    const own: Record<string, string> = {};
    for (const name of options.batch!.perRead) {
      const value = shared.get(name);
      if (value !== null) own[name] = value;
      shared.delete(name);
    }
    const group = JSON.stringify([...shared]);
    return new Promise((resolve, reject) => {
      const queue = queues.get(group);
      const read = { path, own, init, resolve, reject };
      if (queue) {
        queue.push(read);
        return;
      }
      queues.set(group, [read]);
      setTimeout(() => {
        const reads = queues.get(group) ?? [];
        queues.delete(group);
        void sendQueue(reads, shared);
      }, 0);
    });
  }

  /** The same read: same path, query, headers (the chosen record) and session, and the same 404 rule. */
  const readKey = (path: string, requestOptions: RequestOptions = {}) =>
    JSON.stringify([
      path,
      serialiseQuery(requestOptions.query),
      requestOptions.headers ?? {},
      defaultHeaders,
      readCookie('accessToken') ?? '',
      Boolean(requestOptions.nullOn404),
    ]);

  const isFresh = (read: SharedRead) =>
    read.answeredAt === undefined || Date.now() - read.answeredAt <= SHARED_READ_FRESH_MS;

  function startSharedRead(key: string, path: string, requestOptions: RequestOptions): SharedRead {
    const cancel = new AbortController();
    const read: SharedRead = {
      answer: request('GET', path, { ...requestOptions, signal: cancel.signal }),
      cancellable: 0,
      kept: false,
      cancel,
    };
    const forget = () => {
      if (sharedReads.get(key) === read) sharedReads.delete(key);
    };
    // A failed read is not shared once it has failed: the next caller asks again.
    read.answer.then((value) => {
      read.value = value;
      read.answeredAt = Date.now();
    }, forget);
    sharedReads.set(key, read);
    return read;
  }

  /** A caller's view of a shared read: its own signal rejects its own promise only. */
  function follow<T>(key: string, read: SharedRead, signal: AbortSignal | undefined): Promise<T> {
    if (!signal) {
      read.kept = true;
      return read.answer as Promise<T>;
    }
    read.cancellable += 1;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(abortError(signal));
        read.cancellable -= 1;
        if (read.cancellable > 0 || read.kept || read.answeredAt !== undefined) return;
        read.cancel.abort(signal.reason);
        if (sharedReads.get(key) === read) sharedReads.delete(key);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      read.answer
        .then(resolve as (value: unknown) => void, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async function request<T>(
    method: string,
    path: string,
    requestOptions: RequestOptions = {},
    isRetry = false,
  ): Promise<T> {
    const { query, body, headers: callerHeaders, signal, nullOn404, responseType } = requestOptions;
    const queryString = serialiseQuery(query);
    const url = `${options.baseUrl ?? ''}${path}${queryString ? `?${queryString}` : ''}`;

    const headers = new Headers({ Accept: responseType === 'blob' ? '*/*' : 'application/json' });
    for (const [name, value] of Object.entries({ ...defaultHeaders, ...callerHeaders }))
      headers.set(name, value);
    const accessToken = readCookie('accessToken');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    const xsrfToken = readCookie('XSRF-TOKEN');
    if (xsrfToken) headers.set('X-XSRF-TOKEN', xsrfToken);
    const multipart = body instanceof FormData;
    if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');

    const info: RequestInfo = {
      method,
      url,
      query: queryString,
      headers,
      retry: <R>() => request<R>(method, path, requestOptions, true),
    };
    // One line of text: the url carries the serialised query, and an object beside it costs the
    // browser far more to record (DevTools keeps a preview of it).
    logRequest(`${method} ${url}`);
    options.onRequest?.(info);

    const init = {
      method,
      headers,
      credentials: 'same-origin' as const,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    };
    const batched =
      options.batch !== undefined &&
      method === 'GET' &&
      responseType !== 'blob' &&
      accessToken !== undefined &&
      options.batch.batchable(path);
    let response: Response;
    try {
      response = await (batched
        ? queueRead(`${path}${queryString ? `?${queryString}` : ''}`, init)
        : fetch(url, init));
    } catch (cause) {
      // A cancelled request is not a failure: hand the abort back untouched.
      if (isAbort(cause, signal)) throw cause;
      const error = new HttpError(0, [SOMETHING_WENT_WRONG]);
      logError(`${method} ${url} failed: no response`, { codes: error.codes, cause });
      options.onError?.(error, info);
      throw error;
    }

    if (response.status === 404 && nullOn404) {
      logRequest(`${method} ${url} answered 404: no data`);
      // Read to the end, so the browser finishes the request rather than holding it open unread.
      await response.text().catch(() => '');
      return null as T;
    }

    if (responseType === 'blob' && response.ok) return (await response.blob()) as T;

    let parsed: unknown;
    try {
      parsed = await readBody(response);
    } catch (cause) {
      if (isAbort(cause, signal)) throw cause;
      parsed = undefined;
    }
    if (response.status >= 200 && response.status <= 299) return parsed as T;

    const error = new HttpError(response.status, errorCodesFrom(parsed), errorMessagesFrom(parsed));
    logError(`${method} ${url} answered ${response.status}`, { codes: error.codes });
    options.onError?.(error, info);
    if (responseErrorHandler && !isRetry) return (await responseErrorHandler(error, info)) as T;
    throw error;
  }

  /** Any write may change what a shared read said (and a switch of record is a write). */
  const write = <T>(method: string, path: string, requestOptions?: RequestOptions) => {
    sharedReads.clear();
    return request<T>(method, path, requestOptions);
  };

  /** The shared read for this GET: the one in flight or just answered, or a new one. */
  function sharedRead(path: string, requestOptions: RequestOptions = {}) {
    const key = readKey(path, requestOptions);
    const known = sharedReads.get(key);
    return { key, read: known && isFresh(known) ? known : startSharedRead(key, path, requestOptions) };
  }

  return {
    /**
     * A GET. The same GET still in flight or answered in the last few seconds (since the last write)
     * gives its answer instead of asking again.
     */
    get: <T>(path: string, requestOptions?: RequestOptions) => {
      const { key, read } = sharedRead(path, requestOptions);
      return follow<T>(key, read, requestOptions?.signal);
    },
    /** A GET whose answer is a file: resolves with its bytes. */
    getFile: (path: string, requestOptions?: Omit<RequestOptions, 'responseType'>) =>
      request<Blob>('GET', path, { ...requestOptions, responseType: 'blob' }),
    /**
     * Starts a GET that a page is about to make, so it can travel with the page's other first reads;
     * the page's own `get` (same path, query and headers) then takes its answer.
     */
    prefetch(path: string, requestOptions?: RequestOptions) {
      const { read } = sharedRead(path, requestOptions);
      read.kept = true;
    },
    /**
     * The answer of this GET when a fresh one has arrived, without waiting (undefined otherwise): a
     * page can draw what it already has in its first render instead of moving once it arrives.
     */
    answered<T>(path: string, requestOptions?: RequestOptions): T | undefined {
      const read = sharedReads.get(readKey(path, requestOptions));
      return read && read.answeredAt !== undefined && isFresh(read) ? (read.value as T) : undefined;
    },
    /** Forgets every shared answer, so the next reads ask the server. */
    forgetReads() {
      sharedReads.clear();
    },
    post: <T>(path: string, requestOptions?: RequestOptions) => write<T>('POST', path, requestOptions),
    put: <T>(path: string, requestOptions?: RequestOptions) => write<T>('PUT', path, requestOptions),
    delete: <T>(path: string, requestOptions?: RequestOptions) => write<T>('DELETE', path, requestOptions),
    /** Supplied later (for example by the auth layer); without one, response errors reject. */
    setResponseErrorHandler(handler: ResponseErrorHandler | undefined) {
      responseErrorHandler = handler;
    },
    mergeDefaultHeaders(headers: Record<string, string>) {
      defaultHeaders = { ...defaultHeaders, ...headers };
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/**
 * A GET for the content API, where a 404 means "no such content": it resolves with `null` instead of
 * failing (and does not count as an error for the hooks). Every other failure still rejects.
 */
export function getContent<T>(
  client: HttpClient,
  path: string,
  requestOptions: Omit<RequestOptions, 'nullOn404'> = {},
) {
  return client.get<T | null>(path, { ...requestOptions, nullOn404: true });
}

/**
 * The call's answer, or `instead` when the service answered with `status` (404: there is none of it;
 * 400: it will not give it for what was asked). Any other failure is thrown.
 */
export async function answerOr<T, Instead>(
  call: Promise<T>,
  status: number,
  instead: Instead,
): Promise<T | Instead> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof HttpError && error.status === status) return instead;
    throw error;
  }
}
