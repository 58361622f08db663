// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshExpiredAccess } from './api';
import { createHttpClient } from './http/client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('expired access tokens', () => {
  it('refresh once for calls that meet them together, then replay each call', async () => {
    let expired = true;
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/refresh-token')) {
        expired = false;
        return json(200, { accessToken: 'new' });
      }
      return expired ? json(401, { errors: [{ code: 'ERROR_ACCESS_TOKEN_EXPIRED' }] }) : json(200, { url });
    });
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient({ logger: () => undefined });
    client.setResponseErrorHandler((error, request) => refreshExpiredAccess(error, request, client));
    await expect(Promise.all([client.get('/a'), client.get('/b')])).resolves.toEqual([
      { url: '/a' },
      { url: '/b' },
    ]);
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('drop the access token when the session has ended elsewhere, and hand the error back', async () => {
    document.cookie = 'accessToken=still-signed; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { errors: [{ code: 'session_revoked' }] })),
    );
    const client = createHttpClient({ logger: () => undefined });
    client.setResponseErrorHandler((error, request) => refreshExpiredAccess(error, request, client));
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401, codes: ['session_revoked'] });
    expect(document.cookie).not.toContain('accessToken');
  });

  it('hand other errors, and a failed refresh, back to the caller', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/refresh-token')
        ? json(401, { errors: [{ code: 'refresh_token_reused' }] })
        : json(401, { errors: [{ code: 'ERROR_ACCESS_TOKEN_EXPIRED' }] }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient({ logger: () => undefined });
    client.setResponseErrorHandler((error, request) => refreshExpiredAccess(error, request, client));
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401, codes: ['refresh_token_reused'] });
  });

  it('try the refresh a second time when its answer was lost, as after a crash just behind the rotation', async () => {
    let expired = true;
    let refreshes = 0;
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/refresh-token')) {
        refreshes += 1;
        if (refreshes === 1) throw new TypeError('Failed to fetch');
        expired = false;
        return json(200, { accessToken: 'new' });
      }
      return expired ? json(401, { errors: [{ code: 'ERROR_ACCESS_TOKEN_EXPIRED' }] }) : json(200, { url });
    });
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient({ logger: () => undefined });
    client.setResponseErrorHandler((error, request) => refreshExpiredAccess(error, request, client));
    await expect(client.get('/a')).resolves.toEqual({ url: '/a' });
    expect(refreshes).toBe(2);
  });

  it('do not retry a refresh the server answered with a refusal', async () => {
    let refreshes = 0;
    const fetch = vi.fn(async (url: string) => {
      if (!url.endsWith('/refresh-token'))
        return json(401, { errors: [{ code: 'ERROR_ACCESS_TOKEN_EXPIRED' }] });
      refreshes += 1;
      return json(401, { errors: [{ code: 'refresh_token_invalid' }] });
    });
    vi.stubGlobal('fetch', fetch);
    const client = createHttpClient({ logger: () => undefined });
    client.setResponseErrorHandler((error, request) => refreshExpiredAccess(error, request, client));
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401, codes: ['refresh_token_invalid'] });
    expect(refreshes).toBe(1);
  });
});
