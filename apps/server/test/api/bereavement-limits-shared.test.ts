import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PROOF_RULES } from '../../src/areas/bereavement/email-proof';
import { buildApp } from '../../src/app';
import { bereavementEmailFailures, bereavementJourneys, outboxMessages } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { useTestApp, type TestContext } from './harness';
import {
  emailedCode,
  reportStepsToEmail,
  solvedCaptcha,
  stepPayload,
  type Step,
} from './visitor-submissions';

/**
 * A report of a death's limits with two instances of the server (issue 40: "shared through Redis when
 * configured"): both on one database and one Redis (TEST_REDIS_URL), as a deployment behind a load
 * balancer runs. A reporter's calls alternate between the instances, and every limit holds as if there
 * were one: the wrong codes of one report (kept in the database) lock it on both, and the per-address
 * limits on login, the captcha challenge and the email code (kept in Redis) count the calls of both.
 * Without TEST_REDIS_URL the file is skipped. Addresses and emails are this run's own, so files running
 * beside it on the same Redis count nothing of theirs.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const ctx: TestContext | undefined = redisUrl
  ? useTestApp({ REDIS_URL: redisUrl, BEREAVEMENT_CAPTCHA_WORK: '200' })
  : undefined;
let second: FastifyInstance;
beforeAll(async () => {
  if (!ctx) return;
  second = await buildApp({ config: ctx.config, database: ctx.database });
  await second.ready();
});
afterAll(async () => second?.close());

const base = '/api/bereavement/journeys/bereavement';
const run = randomBytes(4).toString('hex');
const octet = () => randomBytes(1)[0]!;
/** An address of this run's own: 10.x.y.z, fresh on each call. */
const freshAddress = () => `10.${octet()}.${octet()}.${octet()}`;
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

type Instance = 'first' | 'second';

/** One browser whose calls reach either instance (one cookie jar), as behind a load balancer. */
class Visitor {
  private readonly agents: Record<Instance, BrowserAgent>;
  constructor(host = 'localhost') {
    this.agents = { first: new BrowserAgent(ctx!.app, host), second: new BrowserAgent(second, host) };
  }

  async on(instance: Instance, options: InjectOptions & { url: string }) {
    const agent = this.agents[instance];
    const other = this.agents[instance === 'first' ? 'second' : 'first'];
    const response = await agent.request(options);
    other.cookies.clear();
    for (const [name, value] of agent.cookies) other.cookies.set(name, value);
    return response;
  }
}

/** A report started on `instance`, its captcha challenge drawn from the other. */
async function startedReport(instance: Instance) {
  const visitor = new Visitor();
  const challenge = (
    await visitor.on(instance === 'first' ? 'second' : 'first', {
      url: '/api/bereavement/captcha-challenge',
      remoteAddress: freshAddress(),
    })
  ).json();
  const started = await visitor.on(instance, {
    method: 'POST',
    url: `${base}/start`,
    payload: { captcha: await solvedCaptcha(challenge) },
    remoteAddress: freshAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  return visitor;
}

const answer = (visitor: Visitor, instance: Instance, ...step: Step) =>
  visitor.on(instance, { method: 'POST', url: `${base}/submit-question-step`, payload: stepPayload(step) });

/** Answers the pages up to the reporter's email address, alternating between the instances. */
async function walkToEmail(visitor: Visitor, email: string) {
  for (const [index, step] of reportStepsToEmail(email).entries()) {
    const sent = await answer(visitor, index % 2 ? 'second' : 'first', ...step);
    expect(sent.statusCode, `${step[0]}: ${sent.body}`).toBe(200);
  }
}

const sendCode = (visitor: Visitor, instance: Instance, remoteAddress = freshAddress()) =>
  visitor.on(instance, { method: 'POST', url: `${base}/email-token`, payload: {}, remoteAddress });

/** Each instance in turn, `count` calls in all. */
const alternating = (count: number): Instance[] =>
  Array.from({ length: count }, (_, index) => (index % 2 ? 'second' : 'first'));

describe('a report of a death’s limits on two instances sharing Redis (TEST_REDIS_URL)', () => {
  it.skipIf(!redisUrl)(
    'counts a report’s wrong codes on both instances, and the lock holds on the second',
    async () => {
      const email = `locked.${run}@example.org`;
      const visitor = await startedReport('first');
      await walkToEmail(visitor, email);
      expect((await sendCode(visitor, 'first')).statusCode).toBe(200);
      const code = await emailedCode(ctx!.database.db, email);
      const wrong = code === '000000' ? '111111' : '000000';

      const tries = alternating(EMAIL_PROOF_RULES.maxAttempts - 1);
      const left: string[] = [];
      for (const instance of tries) {
        const refused = await answer(visitor, instance, 'br_email_code', 'email_code', wrong);
        expect(codeOf(refused)).toBe('email_code_invalid');
        left.push(refused.json().errors[0].message);
      }
      // Each try counted once, whichever instance took it.
      expect(left.map((message) => /(\d) tr/.exec(message)![1])).toEqual(['4', '3', '2', '1']);
      // The fifth, on the first instance, locks the address.
      expect(codeOf(await answer(visitor, 'first', 'br_email_code', 'email_code', wrong))).toBe(
        'email_locked',
      );

      // The second instance holds the lock: the right code (by the page and by the spec's submit-email)
      // and a new code are refused.
      expect(codeOf(await answer(visitor, 'second', 'br_email_code', 'email_code', code))).toBe(
        'email_locked',
      );
      const submitted = await visitor.on('second', {
        method: 'POST',
        url: `${base}/submit-email`,
        payload: { emailConfirmationToken: code },
        remoteAddress: freshAddress(),
      });
      expect(submitted.statusCode).toBe(403);
      expect(codeOf(submitted)).toBe('email_locked');
      expect(codeOf(await sendCode(visitor, 'second'))).toBe('email_locked');
      const [row] = await ctx!.database.db
        .select()
        .from(bereavementJourneys)
        .where(eq(bereavementJourneys.email, email));
      expect(row!.emailProvenAt).toBeNull();
      const [lock] = await ctx!.database.db
        .select({ lockedUntil: bereavementEmailFailures.lockedUntil })
        .from(bereavementEmailFailures)
        .where(eq(bereavementEmailFailures.addressHash, createHash('sha256').update(email).digest('hex')));
      expect(lock!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    },
  );

  it.skipIf(!redisUrl)(
    `sends one email address ${EMAIL_PROOF_RULES.codesPerAddressPerHour} codes an hour from reports on either instance`,
    async () => {
      const email = `flooded.${run}@example.org`;
      const instances = alternating(EMAIL_PROOF_RULES.codesPerAddressPerHour + 1);
      const statuses: number[] = [];
      let last;
      for (const instance of instances) {
        const visitor = await startedReport(instance);
        await walkToEmail(visitor, email);
        last = await sendCode(visitor, instance);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([...Array(EMAIL_PROOF_RULES.codesPerAddressPerHour).fill(200), 429]);
      expect(codeOf(last!)).toBe('email_codes_exceeded');
      const sent = await ctx!.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email));
      expect(sent).toHaveLength(EMAIL_PROOF_RULES.codesPerAddressPerHour);
    },
  );

  it.skipIf(!redisUrl)(
    'counts one address’s email-code requests, logins and captcha challenges across both instances',
    async () => {
      const refusedOver = async (
        limit: number,
        call: (instance: Instance) => Promise<{ statusCode: number; json: () => unknown }>,
        allowed: number,
      ) => {
        const statuses: number[] = [];
        let last;
        for (const instance of alternating(limit + 1)) {
          last = await call(instance);
          statuses.push(last.statusCode);
        }
        // Half of the calls reached each instance: each alone is well within the limit.
        expect(statuses).toEqual([...Array(limit).fill(allowed), 429]);
        expect(codeOf(last as never)).toBe('too_many_requests');
      };

      // Email codes: 10 an hour from one address (the same report: a code under 30 seconds old stands).
      const visitor = await startedReport('second');
      await walkToEmail(visitor, `requests.${run}@example.org`);
      const codesFrom = freshAddress();
      await refusedOver(10, (instance) => sendCode(visitor, instance, codesFrom), 200);

      // Login: 20 a minute from one address (Bluewater's business group on Meridian's site: refused, counted).
      const loginFrom = freshAddress();
      const stranger = new Visitor();
      await refusedOver(
        20,
        (instance) =>
          stranger.on(instance, {
            method: 'POST',
            url: '/api/bereavement/login',
            payload: { businessGroup: 'BWS', captcha: 'not-a-payload' },
            remoteAddress: loginFrom,
          }),
        400,
      );

      // Captcha challenges: 30 a minute from one address.
      const challengesFrom = freshAddress();
      await refusedOver(
        30,
        (instance) =>
          stranger.on(instance, { url: '/api/bereavement/captcha-challenge', remoteAddress: challengesFrom }),
        200,
      );
    },
  );
});
