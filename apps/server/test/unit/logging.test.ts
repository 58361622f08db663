import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AccessLog, censored, loggerOptions, urlWithoutQueryValues } from '../../src/lib/logging';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const log = pino(loggerOptions(level), { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

describe('log censoring', () => {
  it('censors sensitive fields at any depth of plain objects and arrays, leaving the rest', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'hunter2',
        member: { email: 'ann@example.org', name: 'Ann' },
        outbox: { to: 'ann@example.org', template: 'welcome' },
        batch: [{ item: { referenceNumber: 'MER0001', status: 'done' } }],
      },
      'entry',
    );
    expect(lines[0]).toMatchObject({
      password: '[redacted]',
      member: { email: '[redacted]', name: 'Ann' },
      outbox: { to: '[redacted]', template: 'welcome' },
      batch: [{ item: { referenceNumber: '[redacted]', status: 'done' } }],
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|ann@example|MER0001/);
  });

  it('censors credentials a header carries, and a message recipient only inside the outbox', () => {
    const { log, lines } = capture();
    log.info(
      {
        headers: { authorization: 'Bearer abc', cookie: 'session=abc', 'x-xsrf-token': 'abc', accept: '*/*' },
        reply: { 'set-cookie': 'session=abc' },
        window: { from: '2026-01-01', to: '2026-12-31' },
      },
      'entry',
    );
    expect(lines[0]).toMatchObject({
      headers: {
        authorization: '[redacted]',
        cookie: '[redacted]',
        'x-xsrf-token': '[redacted]',
        accept: '*/*',
      },
      reply: { 'set-cookie': '[redacted]' },
      window: { from: '2026-01-01', to: '2026-12-31' },
    });
    const inherited = JSON.parse('{"constructor":{"to":"kept"}}');
    expect(censored(inherited)).toBe(inherited);
  });

  it("keeps the names of a URL's query parameters and none of their values", () => {
    expect(urlWithoutQueryValues('/pages/hub')).toBe('/pages/hub');
    expect(urlWithoutQueryValues('/a?key=abc%3D%3D&pageUrl=/x=y&flag&b=')).toBe(
      '/a?key=…&pageUrl=…&flag&b=…',
    );
  });

  it('censors what a logged error carries', () => {
    const { log, lines } = capture();
    const failure = Object.assign(new Error('refused'), { body: { password: 'hunter2' }, code: 'E1' });
    log.error({ err: failure }, 'failed');
    log.error(failure);
    for (const line of lines) {
      expect(line.err).toMatchObject({ type: 'Error', message: 'refused', code: 'E1', body: '[redacted]' });
    }
  });

  it('returns an entry with nothing sensitive as it is, and never changes the logged object', () => {
    const plain = { tenantUrl: 'localhost', slug: '/hub', nested: [{ at: 1 }] };
    expect(censored(plain)).toBe(plain);
    const personal = { member: { dateOfBirth: '1960-01-01' } };
    expect(censored(personal)).toEqual({ member: { dateOfBirth: '[redacted]' } });
    expect(personal.member.dateOfBirth).toBe('1960-01-01');
  });

  it('censors inside objects that are not plain, as the log writes them, and leaves dates alone', () => {
    class Reply {
      constructor(readonly contact: { email: string; channel: string }) {}
    }
    const { log, lines } = capture();
    const at = new Date('2026-11-25T00:00:00Z');
    log.warn({ reply: new Reply({ email: 'ann@example.org', channel: 'email' }), at }, 'sent');
    expect(lines[0]).toMatchObject({
      reply: { contact: { email: '[redacted]', channel: 'email' } },
      at: '2026-11-25T00:00:00.000Z',
    });
  });

  it('writes an err that is not an error as it is', () => {
    const { log, lines } = capture();
    log.info({ err: 'timed out' }, 'no error object');
    expect(lines[0]).toMatchObject({ err: 'timed out' });
  });

  it('stops at a circular object', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(() => censored(loop)).not.toThrow();
  });
});

describe('the access log', () => {
  const arriving = (log: pino.Logger) =>
    ({ log, method: 'GET', url: '/pages?slug=hub', host: 'localhost', ip: '127.0.0.1' }) as never;

  it('writes a request as it arrives only at debug, without its query values', () => {
    const atInfo = capture('info');
    new AccessLog().incomingRequest(arriving(atInfo.log));
    expect(atInfo.lines).toEqual([]);

    const atDebug = capture('debug');
    new AccessLog().incomingRequest(arriving(atDebug.log));
    expect(atDebug.lines).toEqual([
      expect.objectContaining({
        msg: 'incoming request',
        req: { method: 'GET', url: '/pages?slug=…', host: 'localhost', remoteAddress: '127.0.0.1' },
      }),
    ]);
  });
});
