import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/areas/authentication/access-tokens';

const key = new TextEncoder().encode('a key of thirty-two bytes or more, for HS256');
const otherKey = new TextEncoder().encode('another key of thirty-two bytes or more, HS256');
const claims = { userId: 'u1', sessionId: 's1', businessGroup: 'BG', referenceNumber: 'R1' };

afterEach(() => vi.useRealTimers());

describe('access tokens verified again from memory', () => {
  it('reads a token the same way the second time, and still refuses it under another key', async () => {
    const token = await signAccessToken(key, claims, 60);
    expect(await verifyAccessToken(key, token)).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(key, token)).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(otherKey, token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a remembered token as expired once its expiry has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const token = await signAccessToken(key, claims, 60);
    expect(await verifyAccessToken(key, token)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-11-25T12:00:59Z'));
    expect(await verifyAccessToken(key, token)).toEqual({ ok: true, claims });
    vi.setSystemTime(new Date('2026-11-25T12:01:00Z'));
    expect(await verifyAccessToken(key, token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token whose signature was tampered with, after the real one was remembered', async () => {
    const token = await signAccessToken(key, claims, 60);
    await verifyAccessToken(key, token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(key, forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses other claims under a remembered signature', async () => {
    const token = await signAccessToken(key, claims, 60);
    await verifyAccessToken(key, token);
    const [header, , signature] = token.split('.');
    const otherClaims = await signAccessToken(key, { ...claims, referenceNumber: 'R2' }, 60);
    const forged = `${header}.${otherClaims.split('.')[1]}.${signature}`;
    expect(await verifyAccessToken(key, forged)).toEqual({ ok: false, reason: 'invalid' });
  });
});
