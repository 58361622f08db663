import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOr, createHttpClient, errorCodesFrom, getContent, HttpError, serialiseQuery } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type FetchArgs = [string, RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function stubFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
}

const lastCall = () => fetchMock.mock.calls.at(-1) as FetchArgs;
const sentHeaders = () => lastCall()[1].headers as Headers;
const quiet = () => undefined;

beforeEach(() => stubFetch(() => json(200, { ok: true })));

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('query serialisation', () => {
  it('repeats array values as one key per value and leaves out null and undefined', () => {
    expect(serialiseQuery({ a: [1, 2], b: 'x y', c: undefined, d: null, e: true })).toBe(
      'a=1&a=2&b=x+y&e=true',
    );
    expect(serialiseQuery({})).toBe('');
  });
});

describe('error codes', () => {
  it('maps an errors array to its codes, a missing code to something_went_wrong', () => {
    expect(errorCodesFrom({ errors: [{ code: 'a' }, { message: 'no code' }, { code: '' }, null] })).toEqual([
      'a',
      'something_went_wrong',
      'something_went_wrong',
      'something_went_wrong',
    ]);
  });

  it('gives something_went_wrong for a non-array, missing or empty errors value', () => {
    for (const body of [
      { errors: 'broken' },
      { errors: { code: 'x' } },
      {},
      null,
      'text',
      undefined,
      { errors: [] },
    ]) {
      expect(errorCodesFrom(body)).toEqual(['something_went_wrong']);
    }
  });
});

describe('http client', () => {
  it('logs each request as method, url and serialised query, and runs the request hook', async () => {
    const logger = vi.fn();
    const onRequest = vi.fn();
    const client = createHttpClient({ logger, onRequest });
    await client.get('/x', { query: { q: ['a', 'b'] } });
    expect(lastCall()[0]).toBe('/x?q=a&q=b');
    expect(logger).toHaveBeenCalledWith('GET /x?q=a&q=b');
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', url: '/x?q=a&q=b', query: 'q=a&q=b' }),
    );
  });

  it('logs to console.debug by default, in order, once the browser is idle', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(quiet);
    const client = createHttpClient();
    await Promise.all([client.get('/x'), client.get('/y')]);
    expect(debug).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(debug).toHaveBeenCalledTimes(2));
    expect(debug.mock.calls).toEqual([['GET /x'], ['GET /y']]);
    debug.mockRestore();
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    const form = new FormData();
    form.append('journeyType', 'documents');
    await createHttpClient({ logger: quiet }).post('/upload', { body: form });
    expect(lastCall()[1].body).toBe(form);
    expect(sentHeaders().has('Content-Type')).toBe(false);
    await createHttpClient({ logger: quiet }).post('/json', { body: { a: 1 } });
    expect(lastCall()[1].body).toBe('{"a":1}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('sends credentials same-origin, the bearer token and the XSRF token from cookies', async () => {
    document.cookie = 'accessToken=token-1; path=/';
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    await createHttpClient({ logger: quiet }).get('/x');
    expect(lastCall()[1].credentials).toBe('same-origin');
    expect(sentHeaders().get('Authorization')).toBe('Bearer token-1');
    expect(sentHeaders().get('X-XSRF-TOKEN')).toBe('xsrf-1');
  });

  it('sends no Authorization or X-XSRF-TOKEN header without those cookies', async () => {
    await createHttpClient({ logger: quiet }).get('/x');
    expect(sentHeaders().has('Authorization')).toBe(false);
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false);
  });

  it('merges default headers, later merges and per-call headers', async () => {
    const client = createHttpClient({
      logger: quiet,
      baseUrl: '/api',
      defaultHeaders: { ENV: 'test', BGROUP: 'OLD' },
    });
    client.mergeDefaultHeaders({ BGROUP: 'MER' });
    await client.put('/x', { headers: { 'auth-reference-number': '1' }, body: { n: 1 } });
    const [url, init] = lastCall();
    expect(url).toBe('/api/x');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"n":1}');
    expect(sentHeaders().get('ENV')).toBe('test');
    expect(sentHeaders().get('BGROUP')).toBe('MER');
    expect(sentHeaders().get('auth-reference-number')).toBe('1');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('fetches a file as bytes with the same headers, and reads a refusal as an error', async () => {
    document.cookie = 'accessToken=token-1; path=/';
    const client = createHttpClient({ logger: quiet });
    stubFetch(
      () => new Response('%PDF-1.7 bytes', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const file = await client.getFile('/file', { headers: { 'auth-reference-number': '1000008' } });
    expect(await file.text()).toBe('%PDF-1.7 bytes');
    expect(sentHeaders().get('auth-reference-number')).toBe('1000008');
    expect(sentHeaders().get('Authorization')).toBe('Bearer token-1');
    expect(sentHeaders().get('Accept')).toBe('*/*');
    stubFetch(() => json(404, { errors: [{ code: 'document_not_found', message: 'No such document.' }] }));
    await expect(client.getFile('/file')).rejects.toMatchObject({
      status: 404,
      codes: ['document_not_found'],
    });
  });

  it('parses JSON on any 2xx status and gives undefined for 204 and empty bodies', async () => {
    const client = createHttpClient({ logger: quiet });
    stubFetch(() => json(201, { created: true }));
    await expect(client.post('/x', { body: {} })).resolves.toEqual({ created: true });
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(client.delete('/x')).resolves.toBeUndefined();
    stubFetch(() => new Response('', { status: 200 }));
    await expect(client.get('/x')).resolves.toBeUndefined();
  });

  it('rejects a response error with its status and codes, logs it and runs the error hook', async () => {
    stubFetch(() => json(400, { errors: [{ code: 'field_invalid', message: 'x' }, { message: 'no code' }] }));
    const logger = vi.fn();
    const onError = vi.fn();
    const client = createHttpClient({ logger, onError });
    const error = await client.get('/y').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, codes: ['field_invalid', 'something_went_wrong'] });
    expect(onError).toHaveBeenCalledWith(error, expect.objectContaining({ url: '/y' }));
    expect(logger).toHaveBeenCalledWith('GET /y answered 400', {
      codes: ['field_invalid', 'something_went_wrong'],
    });
  });

  it('gives something_went_wrong for a non-array errors value or an unparsable body', async () => {
    const client = createHttpClient({ logger: quiet });
    stubFetch(() => json(500, { errors: 'nope' }));
    await expect(client.get('/y')).rejects.toMatchObject({ status: 500, codes: ['something_went_wrong'] });
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.get('/y')).rejects.toMatchObject({ status: 502, codes: ['something_went_wrong'] });
  });

  it('hands response errors to a handler supplied later instead of rejecting', async () => {
    stubFetch(() => json(401, { errors: [{ code: 'unauthorised' }] }));
    const onError = vi.fn();
    const client = createHttpClient({ logger: quiet, onError });
    await expect(client.get('/y')).rejects.toMatchObject({ status: 401 });
    const handler = vi.fn(() => 'handled');
    client.setResponseErrorHandler(handler);
    await expect(client.get('/y')).resolves.toBe('handled');
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ codes: ['unauthorised'] }),
      expect.anything(),
    );
    expect(onError).toHaveBeenCalledTimes(2);
    client.setResponseErrorHandler(undefined);
    await expect(client.get('/y/again')).rejects.toMatchObject({ status: 401 });
  });

  it('turns a network failure into status 0 and something_went_wrong, running the error hook but not the handler', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const onError = vi.fn();
    const handler = vi.fn();
    const client = createHttpClient({ logger: quiet, onError });
    client.setResponseErrorHandler(handler);
    await expect(client.get('/z')).rejects.toEqual(new HttpError(0, ['something_went_wrong']));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
  });

  it('passes a cancelled request back as the abort, not as an error', async () => {
    stubFetch((_url, init) => {
      if (init.signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
      return json(200, {});
    });
    const onError = vi.fn();
    const controller = new AbortController();
    controller.abort();
    const client = createHttpClient({ logger: quiet, onError });
    await expect(client.get('/z', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('content helper', () => {
  it('resolves a content 404 with null without counting it as an error', async () => {
    stubFetch(() => json(404, { errors: [{ code: 'page_not_found' }] }));
    const onError = vi.fn();
    const client = createHttpClient({ logger: quiet, onError });
    await expect(getContent(client, '/page')).resolves.toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('still rejects other content failures', async () => {
    stubFetch(() => json(500, { errors: [{ code: 'something_went_wrong' }] }));
    await expect(getContent(createHttpClient({ logger: quiet }), '/page')).rejects.toMatchObject({
      status: 500,
    });
  });

  it('answers a call that failed with the status named, and only that one, with the value given', async () => {
    await expect(answerOr(Promise.reject(new HttpError(404, ['not_found'])), 404, null)).resolves.toBeNull();
    await expect(answerOr(Promise.reject(new HttpError(500, ['x'])), 404, null)).rejects.toMatchObject({
      status: 500,
    });
    await expect(answerOr(Promise.resolve(1), 404, null)).resolves.toBe(1);
  });
});

describe('reads sent together', () => {
  const batching = () =>
    createHttpClient({
      logger: quiet,
      batch: {
        path: '/api/batch',
        batchable: (path) => path.startsWith('/api/'),
        perRead: ['auth-reference-number'],
      },
    });
  const batchAnswer = (responses: { status: number; body: unknown }[]) =>
    json(200, { responses: responses.map((response, index) => ({ path: String(index), ...response })) });

  it('sends a signed-in member’s reads of one task as one batch, each with its own record, and answers each', async () => {
    document.cookie = 'accessToken=token; path=/';
    stubFetch(() =>
      batchAnswer([
        { status: 200, body: { name: 'A' } },
        { status: 404, body: null },
      ]),
    );
    const http = batching();
    const [details, missing] = await Promise.all([
      http.get('/api/details', { headers: { 'auth-reference-number': '7' } }),
      getContent(http, '/api/page', { query: { key: 'x' } }),
    ]);
    expect(details).toEqual({ name: 'A' });
    expect(missing).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = lastCall();
    expect(url).toBe('/api/batch');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      requests: [
        { path: '/api/details', headers: { 'auth-reference-number': '7' } },
        { path: '/api/page?key=x' },
      ],
    });
    expect(sentHeaders().get('Authorization')).toBe('Bearer token');
    expect(sentHeaders().has('auth-reference-number')).toBe(false);
  });

  it('sends a lone read, a visitor’s reads and reads outside the batchable paths as they are', async () => {
    const http = batching();
    await Promise.all([http.get('/api/a'), http.get('/api/b')]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/a', '/api/b']);

    document.cookie = 'accessToken=token; path=/';
    fetchMock.mockClear();
    await http.get('/api/a', { headers: { 'auth-reference-number': '7' } });
    await Promise.all([http.get('/other/a'), http.get('/other/b')]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/a', '/other/a', '/other/b']);
    expect((fetchMock.mock.calls[0]![1].headers as Headers).get('auth-reference-number')).toBe('7');
  });

  it('hands a refused batch to each read, which then meets the error handling of its own', async () => {
    document.cookie = 'accessToken=token; path=/';
    stubFetch(() => json(401, { errors: [{ code: 'ERROR_ACCESS_TOKEN_EXPIRED', message: 'expired' }] }));
    const http = batching();
    const results = await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);
    expect(
      results.map((result) => result.status === 'rejected' && (result.reason as HttpError).codes),
    ).toEqual([['ERROR_ACCESS_TOKEN_EXPIRED'], ['ERROR_ACCESS_TOKEN_EXPIRED']]);
  });
});

describe('shared reads', () => {
  const counting = () => {
    let served = 0;
    stubFetch(() => json(200, { served: (served += 1) }));
    return createHttpClient({ logger: quiet });
  };

  it('asks the same read once while it is in flight or just answered, and again once it is stale', async () => {
    const http = counting();
    const [first, second] = await Promise.all([http.get('/api/a'), http.get('/api/a')]);
    expect([first, second]).toEqual([{ served: 1 }, { served: 1 }]);
    expect(await http.get('/api/a')).toEqual({ served: 1 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    expect(await http.get('/api/a')).toEqual({ served: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps reads of another record, query or session apart', async () => {
    const http = counting();
    await http.get('/api/a', { headers: { 'auth-reference-number': '1' } });
    expect(await http.get('/api/a', { headers: { 'auth-reference-number': '2' } })).toEqual({ served: 2 });
    expect(await http.get('/api/a', { query: { x: 1 } })).toEqual({ served: 3 });
    document.cookie = 'accessToken=other; path=/';
    expect(await http.get('/api/a', { headers: { 'auth-reference-number': '1' } })).toEqual({ served: 4 });
  });

  it('asks again after any write, and after a read failed', async () => {
    const http = counting();
    await http.get('/api/a');
    await http.post('/api/write');
    expect(await http.get('/api/a')).toEqual({ served: 3 });

    stubFetch(() => json(503, { errors: [{ code: 'calculation_unavailable' }] }));
    await expect(http.get('/api/b')).rejects.toMatchObject({ status: 503 });
    stubFetch(() => json(200, { fine: true }));
    expect(await http.get('/api/b')).toEqual({ fine: true });
  });

  it('gives a fresh answer without waiting, and nothing while the read is in flight or stale', async () => {
    const http = counting();
    const asked = http.get('/api/a', { headers: { h: '1' } });
    expect(http.answered('/api/a', { headers: { h: '1' } })).toBeUndefined();
    await asked;
    expect(http.answered('/api/a', { headers: { h: '1' } })).toEqual({ served: 1 });
    expect(http.answered('/api/a', { headers: { h: '2' } })).toBeUndefined();
    await http.post('/api/write');
    expect(http.answered('/api/a', { headers: { h: '1' } })).toBeUndefined();
  });

  it('answers the next identical GET from a prefetch', async () => {
    const http = counting();
    http.prefetch('/api/a', { headers: { h: '1' } });
    expect(await http.get('/api/a', { headers: { h: '1' } })).toEqual({ served: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets a caller cancel its own wait; the read is cancelled only when no one waits for it', async () => {
    let release = () => undefined as void;
    stubFetch(
      (_url, init) =>
        new Promise((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          release = () => resolve(json(200, { ok: true }));
        }),
    );
    const http = createHttpClient({ logger: quiet });
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = http.get('/api/a', { signal: leaving.signal });
    const stayed = http.get('/api/a', { signal: staying.signal });
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    release();
    expect(await stayed).toEqual({ ok: true });

    const alone = new AbortController();
    const abandoned = http.get('/api/b', { signal: alone.signal });
    alone.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    expect((fetchMock.mock.calls.at(-1)![1].signal as AbortSignal).aborted).toBe(true);
  });
});
