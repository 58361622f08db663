// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, readCookie, writeCookie } from './cookies';

afterEach(() => {
  for (const name of ['a', 'keep_me', 'b']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('cookies', () => {
  it('reads a cookie by exact name, decoding its value and keeping any = in it', () => {
    expect(readCookie('accessToken', 'x=1; accessToken=abc%20d==; accessTokenX=2')).toBe('abc d==');
    expect(readCookie('missing', 'x=1')).toBeUndefined();
    expect(readCookie('bad', 'bad=%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('asks the browser for its cookies once a turn, again after a write and in the next turn', async () => {
    await new Promise((resolve) => setTimeout(resolve));
    const cookieReads = vi.spyOn(document, 'cookie', 'get');
    expect(readCookie('a')).toBeUndefined();
    expect(readCookie('b')).toBeUndefined();
    expect(cookieReads).toHaveBeenCalledTimes(1);
    writeCookie('a=1; path=/');
    expect(readCookie('a')).toBe('1');
    expect(cookieReads).toHaveBeenCalledTimes(2);
    document.cookie = 'b=2; path=/';
    await new Promise((resolve) => setTimeout(resolve));
    expect(readCookie('b')).toBe('2');
    expect(cookieReads).toHaveBeenCalledTimes(3);
    cookieReads.mockRestore();
  });

  it('clears every visible cookie except whitelisted ones', () => {
    document.cookie = 'a=1; path=/';
    document.cookie = 'keep_me=2; path=/';
    document.cookie = 'b=3; path=/';
    clearCookies(['keep']);
    expect(document.cookie).toBe('keep_me=2');
  });
});
