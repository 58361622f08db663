import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { utcDay } from '@meridian/pensions';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import {
  bereavementCaptchaUses,
  jobs,
  memberDocuments,
  outboxMessages,
  recurringJobKinds,
  staffAudit,
} from '../../src/db/schema';
import { createJobWorker } from '../../src/lib/job-queue';
import { createMessaging } from '../../src/lib/messaging';
import { loadSigningKey } from '../../src/lib/server-keys';
import { printLetters } from '../../src/areas/outbox/print-letters';
import {
  periodStart,
  RECURRING_MAX_ATTEMPTS,
  recurringSubject,
  type RecurringJob,
} from '../../src/lib/recurring-jobs';
import {
  STATEMENT_RUN,
  statementRunDue,
  statementRunSubject,
  statementYearStart,
} from '../../src/areas/statements/statement-run';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { demoStaffSignedIn } from './staff-sign-in';

/** Purges and sweeps as recurring jobs of the queue (issue 43): docs/operations.md "Recurring jobs". */
const ctx = useTestApp({ JOB_POLL_MS: '0' });
const log = pino({ level: 'silent' });
let second: FastifyInstance | undefined;

/** The outbox-letters key, and messaging that writes letters as production does: each code sealed under it. */
async function lettersMessaging() {
  const secret = await loadSigningKey(ctx.database.db, 'outbox-letters');
  const messaging = createMessaging({
    db: ctx.database.db,
    log,
    mailFrom: 'x@example.org',
    keepCodes: false,
    letterSecret: secret,
  });
  return { secret, messaging };
}
afterAll(async () => second?.close());

const runsOf = (kind: (typeof recurringJobKinds)[number]) =>
  ctx.database.db.select().from(jobs).where(eq(jobs.kind, kind));

/** Signs a demo member of staff in (password, then the code from their published secret). */
const signedIn = (email: string) => demoStaffSignedIn(ctx, email);

describe('recurring jobs', () => {
  it('runs each purge once per period with two instances on one database', async () => {
    const { db } = ctx.database;
    // The second instance: another build of the app on the same database.
    second = await buildApp({ config: ctx.config, database: ctx.database });
    await second.ready();
    const spent = `spent-${Date.now()}`;
    await db
      .insert(bereavementCaptchaUses)
      .values({ challengeId: spent, usedAt: new Date(Date.now() - 2 * 86_400_000) });

    // Each instance's poll: queue the period's runs, then claim what is due; twice over.
    const poll = (at: Date) =>
      Promise.all(
        [ctx.app.jobs, second!.jobs].map(async (jobs) => {
          await jobs.queueRecurring(at);
          await jobs.runOnce(at);
        }),
      );
    const now = new Date();
    await poll(now);
    await poll(now);
    for (const kind of recurringJobKinds) {
      const runs = await runsOf(kind);
      expect(runs, kind).toHaveLength(1);
      expect(runs[0], kind).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      const everyMs =
        kind === 'bereavement_purge' ? ctx.config.BEREAVEMENT_PURGE_MINUTES * 60_000 : undefined;
      if (everyMs) expect(runs[0]!.subjectId).toBe(recurringSubject(kind, periodStart(everyMs, now)));
    }
    // The purge did its work: the spent captcha challenge of two days ago is gone.
    expect(
      await db.select().from(bereavementCaptchaUses).where(eq(bereavementCaptchaUses.challengeId, spent)),
    ).toEqual([]);

    // The next period: one more run of the purge, again by one instance alone.
    const later = new Date(now.getTime() + ctx.config.BEREAVEMENT_PURGE_MINUTES * 60_000);
    await poll(later);
    const purges = await runsOf('bereavement_purge');
    expect(purges).toHaveLength(2);
    expect(purges.every((run) => run.status === 'sent' && run.attempts === 1)).toBe(true);
  });

  it('retries a failing purge with back-off, lists a run that gave up as dead in the console, and runs the next period', async () => {
    const { db } = ctx.database;
    let calls = 0;
    let failures = 2;
    const purge: RecurringJob = {
      kind: 'bank_changes',
      everyMs: 3_600_000,
      run: async () => {
        calls += 1;
        if (failures-- > 0) throw new Error('the document store is not answering');
        return { applied: 0 };
      },
    };
    const worker = createJobWorker({
      db,
      log,
      pollMs: 0,
      handlers: {},
      recurring: [purge],
      retryBaseMs: 1000,
      retryMaxMs: 4000,
    });
    // A period of its own, far from the first test's: an hour from 2030-01-01 00:00.
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const pollAt = async (at: Date) => {
      await worker.queueRecurring(at);
      return worker.runOnce(at);
    };
    const run = async () =>
      (
        await db
          .select()
          .from(jobs)
          .where(
            and(eq(jobs.kind, 'bank_changes'), eq(jobs.subjectId, recurringSubject('bank_changes', start))),
          )
      )[0]!;

    expect(await pollAt(at(1))).toBe(1);
    const first = await run();
    expect(first).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'the document store is not answering',
    });
    expect(first.runAt.getTime()).toBeGreaterThan(at(1).getTime());
    expect(await pollAt(at(1))).toBe(0);
    expect(await pollAt(at(3))).toBe(1);
    expect(await run()).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await pollAt(at(10))).toBe(1);
    expect(await run()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(calls).toBe(3);

    // One that keeps failing is dead after its attempts; the next period's run still goes ahead.
    failures = Infinity;
    const nextHour = (seconds: number) => at(3600 + seconds);
    for (let attempt = 1; attempt <= RECURRING_MAX_ATTEMPTS; attempt++)
      expect(await pollAt(nextHour(attempt * 10))).toBe(1);
    const [dead] = await db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'bank_changes'), eq(jobs.subjectId, recurringSubject('bank_changes', nextHour(0)))),
      );
    expect(dead).toMatchObject({ status: 'dead', attempts: RECURRING_MAX_ATTEMPTS });
    failures = 0;
    expect(await pollAt(nextHour(3600))).toBe(1);
    const [third] = await db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'bank_changes'),
          eq(jobs.subjectId, recurringSubject('bank_changes', nextHour(3600))),
        ),
      );
    expect(third).toMatchObject({ status: 'sent', attempts: 1 });

    // The console lists the dead run, for staff who read cases.
    const agent = await signedIn('caseworker@meridian.example');
    const listed = await agent.request({ method: 'GET', url: '/admin-api/recurring-jobs' });
    expect(listed.statusCode, listed.body).toBe(200);
    const bank = (
      listed.json() as {
        jobs: Array<{ kind: string; runs: Array<{ id: string; status: string; lastError: string | null }> }>;
      }
    ).jobs.find((job) => job.kind === 'bank_changes')!;
    expect(bank.runs.find((listedRun) => listedRun.id === dead!.id)).toMatchObject({
      status: 'dead',
      lastError: 'the document store is not answering',
    });
    // Run again: a caseworker may not; a team leader may, once, and only a dead run.
    const retry = (who: BrowserAgent, id: string) =>
      who.request({ method: 'POST', url: `/admin-api/recurring-jobs/${id}/retry`, payload: {} });
    const refused = await retry(agent, dead!.id);
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([403, 'staff_role_not_allowed']);
    const leader = await signedIn('teamleader@meridian.example');
    expect((await retry(leader, dead!.id)).statusCode).toBe(200);
    const again = await retry(leader, dead!.id);
    expect([again.statusCode, again.json().errors[0].code]).toEqual([409, 'recurring_job_not_dead']);
    const unknown = await retry(leader, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().errors[0].code]).toEqual([404, 'recurring_job_not_found']);
    const retried = async () => (await db.select().from(jobs).where(eq(jobs.id, dead!.id)))[0]!;
    expect(await retried()).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await retried()).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const audited = await db.select().from(staffAudit).where(eq(staffAudit.action, 'recurring_job_retry'));
    expect(audited.map((row) => row.outcome).sort()).toEqual(['denied', 'success']);
  });

  it('lists the yearly statement run with the others: the next year due, the years run, and Run again on a dead one', async () => {
    const { db } = ctx.database;
    const thisYear = statementYearStart(utcDay(new Date()));
    // Last year's run done; the server's start queued this year's or the next (the demo's).
    await db
      .insert(jobs)
      .values({
        kind: STATEMENT_RUN,
        subjectId: statementRunSubject(thisYear - 1),
        runAt: statementRunDue(thisYear - 1),
        status: 'sent',
        attempts: 1,
        finishedAt: new Date(statementRunDue(thisYear - 1).getTime() + 60_000),
      })
      .onConflictDoNothing();
    const agent = await signedIn('caseworker@meridian.example');
    const listed = async () => {
      const answer = await agent.request({ method: 'GET', url: '/admin-api/recurring-jobs' });
      expect(answer.statusCode, answer.body).toBe(200);
      const list = answer.json() as {
        jobs: Array<{
          kind: string;
          name: string;
          runs: Array<{ id: string; status: string; runAt: string }>;
        }>;
      };
      return list.jobs.find((job) => job.kind === STATEMENT_RUN)!;
    };
    const yearly = await listed();
    expect(yearly.name).toBe('Issue the year’s annual statements');
    const [next, ...earlier] = yearly.runs;
    expect(next).toMatchObject({ status: 'queued' });
    expect(new Date(next!.runAt).getTime()).toBeGreaterThan(statementRunDue(thisYear - 1).getTime());
    expect(next!.runAt.slice(5)).toBe('04-06T02:00:00.000Z');
    expect(earlier.at(-1)).toMatchObject({
      status: 'sent',
      runAt: statementRunDue(thisYear - 1).toISOString(),
    });

    // A run that gave up is run again by a team leader, as the purges' are; not by a caseworker.
    await db
      .update(jobs)
      .set({ status: 'dead', attempts: 5, lastError: 'the document store is not answering' })
      .where(eq(jobs.id, next!.id));
    expect((await listed()).runs[0]).toMatchObject({ id: next!.id, status: 'dead' });
    const retry = (who: BrowserAgent) =>
      who.request({ method: 'POST', url: `/admin-api/recurring-jobs/${next!.id}/retry`, payload: {} });
    expect((await retry(agent)).statusCode).toBe(403);
    const leader = await signedIn('teamleader@meridian.example');
    expect((await retry(leader)).statusCode).toBe(200);
    const [again] = await db.select().from(jobs).where(eq(jobs.id, next!.id));
    expect(again).toMatchObject({ status: 'queued', attempts: 0, kind: STATEMENT_RUN });
    expect(again!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sweeps interrupted uploads from the shared document store once per period, however many instances poll', async () => {
    const { db } = ctx.database;
    const other = (second ??= await buildApp({ config: ctx.config, database: ctx.database }));
    await other.ready();
    // Both instances keep their documents in the one store (here a directory both use).
    const directory = ctx.config.DOCUMENTS_DIR;
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const leftover = (name: string, age: Date) => {
      writeFileSync(join(directory, name), 'bytes');
      utimesSync(join(directory, name), age, age);
      return name;
    };
    const oldPart = leftover(`.${randomUUID()}.${randomUUID()}.part`, hoursAgo(2));
    const orphan = leftover(randomUUID(), hoursAgo(2));
    const partUnderWay = leftover(`.${randomUUID()}.${randomUUID()}.part`, new Date());
    const fileUnderWay = leftover(randomUUID(), new Date());
    const [filed] = await db.select({ id: memberDocuments.id }).from(memberDocuments).limit(1);
    utimesSync(join(directory, filed!.id), hoursAgo(3), hoursAgo(3));
    const sweeps = [ctx.app, other].map((app) => vi.spyOn(app.documentLibrary.store, 'sweep'));

    // A period of its own (an hour of 2031), both instances polling it twice, at once.
    const period = new Date('2031-03-01T10:00:00Z');
    const poll = () =>
      Promise.all(
        [ctx.app.jobs, other.jobs].map(async (jobs) => {
          await jobs.queueRecurring(period);
          await jobs.runOnce(period);
        }),
      );
    await poll();
    await poll();
    const runs = await db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'upload_sweep'), eq(jobs.subjectId, recurringSubject('upload_sweep', period))),
      );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sweeps.map((sweep) => sweep.mock.calls.length).sort()).toEqual([0, 1]);

    // What interrupted uploads left over an hour ago is gone; writes under way and filed documents stay.
    expect(existsSync(join(directory, oldPart))).toBe(false);
    expect(existsSync(join(directory, orphan))).toBe(false);
    expect(existsSync(join(directory, partUnderWay))).toBe(true);
    expect(existsSync(join(directory, fileUnderWay))).toBe(true);
    expect(existsSync(join(directory, filed!.id))).toBe(true);

    // Listed on Recurring jobs with the others.
    const agent = await signedIn('caseworker@meridian.example');
    const listed = await agent.request({ method: 'GET', url: '/admin-api/recurring-jobs' });
    const sweep = (
      listed.json() as { jobs: Array<{ kind: string; name: string; runs: Array<{ id: string }> }> }
    ).jobs.find((job) => job.kind === 'upload_sweep');
    expect(sweep).toMatchObject({ name: 'Sweep interrupted uploads from the document store' });
    expect(sweep!.runs.map((run) => run.id)).toContain(runs[0]!.id);
    for (const spy of sweeps) spy.mockRestore();
  });

  it('prints the letters waiting into the letters’ store once per period, however many instances poll, and the command prints none twice', async () => {
    const { db } = ctx.database;
    const other = (second ??= await buildApp({ config: ctx.config, database: ctx.database }));
    await other.ready();
    const { secret, messaging } = await lettersMessaging();
    const send = async (subject: string, code: string) => {
      await messaging.sendLetter({ to: 'MER/1000001', subject, body: `Your code is ${code}.`, secret: code });
      const [letter] = await db.select().from(outboxMessages).where(eq(outboxMessages.subject, subject));
      return letter!;
    };
    const letters = [
      await send('Your code to change your bank details', '135790'),
      await send('Your code to change your address', '246802'),
    ];
    const folder = join(ctx.config.DOCUMENTS_DIR, 'letters');

    // A day of its own (2032), both instances polling it twice, at once.
    const period = new Date('2032-02-01T00:00:00Z');
    const poll = () =>
      Promise.all(
        [ctx.app.jobs, other.jobs].map(async (jobs) => {
          await jobs.queueRecurring(period);
          await jobs.runOnce(period);
        }),
      );
    await poll();
    await poll();
    const runs = await db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'letter_print'), eq(jobs.subjectId, recurringSubject('letter_print', period))),
      );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    for (const [letter, code] of [
      [letters[0]!, '135790'],
      [letters[1]!, '246802'],
    ] as const) {
      const printed = readFileSync(join(folder, letter.id), 'utf8');
      expect(printed).toContain('14 Church Lane');
      expect(printed).toContain(letter.subject);
      expect(printed).toContain(`Your code is ${code}.`);
      const [after] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, letter.id));
      expect(after!.sentAt).not.toBeNull();
      expect(after!.body).toBe('Your code is [code sent, not kept].');
    }

    // The command's print beside a run: two at once print each new letter once, one file each.
    const more = [await send('Your new PIN', '111222'), await send('Your other PIN', '333444')];
    const written: string[] = [];
    const counting = { put: async (key: string) => void written.push(key) };
    const counts = await Promise.all([
      printLetters(db, secret, counting),
      printLetters(db, secret, counting),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(written.sort()).toEqual(more.map((letter) => letter.id).sort());
    expect(await printLetters(db, secret, counting)).toBe(0);
    expect(readdirSync(folder)).toEqual(expect.arrayContaining(letters.map((letter) => letter.id)));

    // Listed on Recurring jobs with the others.
    const agent = await signedIn('caseworker@meridian.example');
    const listed = await agent.request({ method: 'GET', url: '/admin-api/recurring-jobs' });
    const print = (
      listed.json() as { jobs: Array<{ kind: string; name: string; runs: Array<{ id: string }> }> }
    ).jobs.find((job) => job.kind === 'letter_print');
    expect(print).toMatchObject({ name: 'Print the letters waiting in the outbox', off: null });
    expect(print!.runs.map((run) => run.id)).toContain(runs[0]!.id);
  });

  it('with LETTER_PRINT_MINUTES=0 queues no print run and leaves the letters waiting for the command', async () => {
    const { db } = ctx.database;
    const off = await buildApp({
      config: { ...ctx.config, LETTER_PRINT_MINUTES: 0 },
      database: ctx.database,
    });
    try {
      await off.ready();
      const { secret, messaging } = await lettersMessaging();
      const subject = 'Your code while printing is off';
      await messaging.sendLetter({
        to: 'MER/1000001',
        subject,
        body: 'Your code is 975310.',
        secret: '975310',
      });
      // A day of its own (2033). Print runs queued before the switch: one due, one failed and waiting
      // for its next try, one an instance still printing holds the lease of now, and a dead one.
      const period = new Date('2033-03-01T00:00:00Z');
      const printRun = async (
        day: string,
        values: Partial<typeof jobs.$inferInsert> = {},
      ): Promise<string> => {
        const [row] = await db
          .insert(jobs)
          .values({
            kind: 'letter_print',
            subjectId: recurringSubject('letter_print', new Date(`${day}T00:00:00Z`)),
            runAt: new Date(`${day}T00:00:00Z`),
            maxAttempts: RECURRING_MAX_ATTEMPTS,
            ...values,
          })
          .returning({ id: jobs.id });
        return row!.id;
      };
      const due = await printRun('2033-02-28');
      const retrying = await printRun('2033-02-27', {
        status: 'failed',
        attempts: 1,
        lastError: 'the letters’ store is not answering',
      });
      const leased = await printRun('2033-02-26', {
        attempts: 1,
        lockedBy: 'worker-still-printing',
        lockedUntil: new Date(period.getTime() + 2 * 3_600_000),
      });
      const dead = await printRun('2033-02-25', {
        status: 'dead',
        attempts: RECURRING_MAX_ATTEMPTS,
        finishedAt: new Date('2033-02-25T02:00:00Z'),
        lastError: 'the letters’ store is not answering',
      });
      const printRunIds = async () =>
        (await runsOf('letter_print'))
          .map((run) => run.id)
          .filter((id) => [due, retrying, leased, dead].includes(id));

      // The other recurring jobs are queued and run, the print is not; the runs left due are cancelled.
      await off.jobs.queueRecurring(period);
      await off.jobs.runOnce(period);
      const runOf = async (kind: (typeof recurringJobKinds)[number]) =>
        (await runsOf(kind)).filter((run) => run.subjectId === recurringSubject(kind, period));
      expect(await runOf('bank_changes')).toHaveLength(1);
      expect(await runOf('letter_print')).toEqual([]);
      expect((await printRunIds()).sort()).toEqual([leased, dead].sort());
      // One an instance still on the old setting queues later goes at the next hourly look.
      const late = await printRun('2033-03-01', {
        subjectId: recurringSubject('letter_print', new Date('2033-03-01T00:30:00Z')),
        runAt: new Date('2033-03-01T00:30:00Z'),
      });
      await off.jobs.queueRecurring(new Date('2033-03-01T00:40:00Z'));
      expect((await runsOf('letter_print')).map((run) => run.id)).toContain(late);
      await off.jobs.queueRecurring(new Date('2033-03-01T01:00:00Z'));
      expect((await runsOf('letter_print')).map((run) => run.id)).not.toContain(late);

      // The console says it is off, with the runs from before; a dead one is not run again.
      const offContext = { ...ctx, app: off };
      const leader = await demoStaffSignedIn(offContext, 'teamleader@meridian.example');
      const listed = await leader.request({ method: 'GET', url: '/admin-api/recurring-jobs' });
      expect(listed.statusCode, listed.body).toBe(200);
      const print = (
        listed.json() as {
          jobs: Array<{ kind: string; off: unknown; runs: Array<{ id: string; status: string }> }>;
        }
      ).jobs.find((job) => job.kind === 'letter_print')!;
      expect(print.off).toEqual({
        setting: 'LETTER_PRINT_MINUTES=0',
        instead: 'Letters wait in the outbox until npm run outbox:letters prints them.',
      });
      expect(print.runs.map((run) => run.id)).toEqual(expect.arrayContaining([leased, dead]));
      expect(print.runs.map((run) => run.id)).not.toContain(due);
      const again = await leader.request({
        method: 'POST',
        url: `/admin-api/recurring-jobs/${dead}/retry`,
        payload: {},
      });
      expect([again.statusCode, again.json().errors[0].code]).toEqual([409, 'recurring_job_off']);
      expect((await db.select().from(jobs).where(eq(jobs.id, dead)))[0]).toMatchObject({ status: 'dead' });
      const [letter] = await db.select().from(outboxMessages).where(eq(outboxMessages.subject, subject));
      expect(letter!.sentAt).toBeNull();
      // The command prints it.
      const written: string[] = [];
      expect(await printLetters(db, secret, { put: async (key: string) => void written.push(key) })).toBe(1);
      expect(written).toEqual([letter!.id]);
    } finally {
      await off.close();
    }
  });
});
