import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, errorCodesFrom, HttpError, orEmptyOn404, serialiseQuery } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  document.cookie = 'accessToken=; Max-Age=0; path=/';
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; path=/';
});

describe('http client', () => {
  it('repeats array query values as one key per value', () => {
    expect(serialiseQuery({ a: [1, 2], b: 'x y', c: undefined })).toBe('a=1&a=2&b=x+y');
  });

  it('maps error bodies to codes, with something_went_wrong for anything unusable', () => {
    expect(errorCodesFrom({ errors: [{ code: 'a' }, { message: 'no code' }] })).toEqual(['a', 'something_went_wrong']);
    expect(errorCodesFrom({ errors: 'broken' })).toEqual(['something_went_wrong']);
    expect(errorCodesFrom(null)).toEqual(['something_went_wrong']);
  });

  it('logs each request, sends the bearer and XSRF cookies as headers and merges default headers', async () => {
    document.cookie = 'accessToken=token-1; path=/';
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const logger = vi.fn();
    const onRequest = vi.fn();
    const client = createHttpClient({ fetch, logger, onRequest, defaultHeaders: { ENV: 'test' } });
    client.mergeDefaultHeaders({ BGROUP: 'MER' });
    await expect(client.post('/x', { query: { q: ['a', 'b'] }, body: { n: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/x?q=a&q=b');
    expect(init.headers).toMatchObject({
      ENV: 'test',
      BGROUP: 'MER',
      authorization: 'Bearer token-1',
      'x-xsrf-token': 'xsrf-1',
    });
    expect(logger).toHaveBeenCalledWith('POST /x?q=a&q=b', { query: 'q=a&q=b' });
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('rejects response errors unless a handler was supplied later, and runs the error hook', async () => {
    const fetch = vi.fn(async () => json(400, { errors: [{ code: 'field_invalid' }] }));
    const onError = vi.fn();
    const client = createHttpClient({ fetch, onError, logger: () => undefined });
    await expect(client.get('/y')).rejects.toMatchObject({ status: 400, codes: ['field_invalid'] });
    client.setResponseErrorHandler(() => 'handled');
    await expect(client.get('/y')).resolves.toBe('handled');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('turns a network failure into something_went_wrong', async () => {
    const client = createHttpClient({ fetch: async () => Promise.reject(new TypeError('offline')), logger: () => undefined });
    await expect(client.get('/z')).rejects.toEqual(new HttpError(0, ['something_went_wrong']));
  });

  it('reads a content 404 as empty data', async () => {
    const client = createHttpClient({ fetch: async () => json(404, { errors: [{ code: 'page_not_found' }] }), logger: () => undefined });
    await expect(orEmptyOn404(client.get('/page'))).resolves.toBeNull();
  });
});
