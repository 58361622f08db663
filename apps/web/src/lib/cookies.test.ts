import { afterEach, describe, expect, it } from 'vitest';
import { clearCookies, readCookie } from './cookies';

afterEach(() => {
  for (const name of ['a', 'keep_me', 'b']) document.cookie = `${name}=; Max-Age=0; path=/`;
});

describe('cookies', () => {
  it('reads a cookie by exact name, decoding its value and keeping any = in it', () => {
    expect(readCookie('accessToken', 'x=1; accessToken=abc%20d==; accessTokenX=2')).toBe('abc d==');
    expect(readCookie('missing', 'x=1')).toBeUndefined();
    expect(readCookie('bad', 'bad=%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('clears every visible cookie except whitelisted ones', () => {
    document.cookie = 'a=1; path=/';
    document.cookie = 'keep_me=2; path=/';
    document.cookie = 'b=3; path=/';
    clearCookies(['keep']);
    expect(document.cookie).toBe('keep_me=2');
  });
});
