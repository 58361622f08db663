import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bereavementEmailFailures, bereavementJourneys } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { queueEmail } from '../../lib/outbox';
import { stepsOf } from '../journeys/repository';

/**
 * The reporter proves their email address with a 6-digit code before the report can be sent
 * (docs/bereavement.md). The code goes to the journey's `reporter_email` answer; only its hash is kept,
 * for 15 minutes; each try is counted before it is compared. Wrong tries are also counted against the
 * address across every report for a day, and the fifth locks the address for a day, so a new report
 * brings no new tries. Proving it keeps the address; a report whose email answer later differs is
 * unproven.
 */
export const EMAIL_PROOF_RULES = {
  expiryMinutes: 15,
  /** Wrong codes for one address in a day, from every report together, before it is locked. */
  maxAttempts: 5,
  resendSeconds: 30,
  lockHours: 24,
  /** Codes one email address may be sent in an hour, from every report and address together. */
  codesPerAddressPerHour: 5,
} as const;

/** Counts a code about to be sent to an address (shared through Redis when configured); false once over. */
export type EmailCodeCounter = (email: string) => Promise<{ allowed: boolean }>;

type ReportRow = typeof bereavementJourneys.$inferSelect;

const hashOf = (row: { id: string }, code: string) =>
  createHash('sha256').update(`${row.id}:${code}`).digest('hex');

/** The email address the report gives (`reporter_email`), as the email kind keeps it. */
export const reporterEmailOf = (row: { steps: unknown[] }) =>
  stepsOf(row).find((step) => step.answer?.questionKey === 'reporter_email')?.answer?.answerKey ?? null;

const locked = () =>
  new AppError(
    403,
    'email_locked',
    `Too many wrong codes. You can ask for a new code in ${EMAIL_PROOF_RULES.lockHours} hours, or call us.`,
  );

const addressHashOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

async function addressLocked(db: Pick<Database, 'select'>, email: string, now: Date) {
  const [row] = await db
    .select({ lockedUntil: bereavementEmailFailures.lockedUntil })
    .from(bereavementEmailFailures)
    .where(
      and(
        eq(bereavementEmailFailures.addressHash, addressHashOf(email)),
        gt(bereavementEmailFailures.lockedUntil, now),
      ),
    );
  return Boolean(row);
}

/**
 * Counts a wrong code against its address in one statement (parallel wrong codes are each counted): a
 * count older than a day starts again, and the count reaching the limit locks the address for a day.
 * Answers whether the address is now locked.
 */
async function countWrongCode(db: Database, email: string, now: Date) {
  const table = bereavementEmailFailures;
  const dayAgo = new Date(now.getTime() - EMAIL_PROOF_RULES.lockHours * 3_600_000);
  const lockedUntil = new Date(now.getTime() + EMAIL_PROOF_RULES.lockHours * 3_600_000);
  const restarts = sql`${table.firstFailedAt} < ${dayAgo.toISOString()}::timestamptz`;
  const failures = sql`case when ${restarts} then 1 else ${table.failures} + 1 end`;
  const [counted] = await db
    .insert(table)
    .values({ addressHash: addressHashOf(email), failures: 1, firstFailedAt: now })
    .onConflictDoUpdate({
      target: table.addressHash,
      set: {
        failures,
        firstFailedAt: sql`case when ${restarts} then ${now.toISOString()}::timestamptz else ${table.firstFailedAt} end`,
        lockedUntil: sql`case when ${failures} >= ${EMAIL_PROOF_RULES.maxAttempts} then ${lockedUntil.toISOString()}::timestamptz else ${table.lockedUntil} end`,
      },
    })
    .returning({ failures: table.failures, lockedUntil: table.lockedUntil });
  return {
    locked: counted!.failures >= EMAIL_PROOF_RULES.maxAttempts,
    left: EMAIL_PROOF_RULES.maxAttempts - counted!.failures,
  };
}

export async function reportRow(db: Pick<Database, 'select'>, id: string) {
  const [row] = await db.select().from(bereavementJourneys).where(eq(bereavementJourneys.id, id));
  return row!;
}

/**
 * Sends a code to the report's email answer; a code sent under 30 seconds ago to it stands. Each new
 * code is counted against the address, so no one can flood someone else's inbox from many reports.
 */
export async function sendEmailCode(
  db: Database,
  log: FastifyBaseLogger,
  row: ReportRow,
  now: Date,
  countCode: EmailCodeCounter,
) {
  const email = reporterEmailOf(row);
  if (!email) throw badRequest('email_not_given', 'Give your email address first.');
  if (await addressLocked(db, email, now)) throw locked();
  const recent =
    row.email === email &&
    row.emailCodeSentAt &&
    now.getTime() - row.emailCodeSentAt.getTime() < EMAIL_PROOF_RULES.resendSeconds * 1000;
  if (recent && row.emailCodeExpiresAt) return { email, expiresAt: row.emailCodeExpiresAt.toISOString() };
  if (!(await countCode(email.toLowerCase())).allowed)
    throw new AppError(
      429,
      'email_codes_exceeded',
      `We have sent ${EMAIL_PROOF_RULES.codesPerAddressPerHour} codes to this email address in the last hour. Wait an hour, or call us.`,
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + EMAIL_PROOF_RULES.expiryMinutes * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .update(bereavementJourneys)
      .set({
        email,
        emailProvenAt: null,
        emailCodeHash: hashOf(row, code),
        emailCodeExpiresAt: expiresAt,
        emailCodeSentAt: now,
        emailCodeAttempts: 0,
      })
      .where(eq(bereavementJourneys.id, row.id));
    await queueEmail(tx, log, {
      to: email,
      subject: 'Your code to report a death',
      body: `Hello,\n\nYour code is ${code}. Enter it on the page that asked for it, within ${EMAIL_PROOF_RULES.expiryMinutes} minutes.\n\nIf you did not ask for this code, you can ignore this email.`,
      secret: code,
    });
  });
  return { email, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a code the reporter typed: the try is counted first (one UPDATE ... RETURNING, so parallel
 * guesses are each counted); right, the address is proven; wrong, it is counted against the address
 * too (400 with the tries left), and the fifth wrong code for the address in a day locks it for a day
 * (403 `email_locked`).
 */
export async function proveEmail(db: Database, row: ReportRow, typed: string, now: Date) {
  const email = reporterEmailOf(row);
  if (email && (await addressLocked(db, email, now))) throw locked();
  if (!email || !row.emailCodeHash || !row.emailCodeExpiresAt || row.email !== email)
    throw badRequest('email_code_not_sent', 'Ask for a code first.');
  if (row.emailCodeExpiresAt <= now)
    throw badRequest('email_code_expired', 'This code has expired. Ask for a new one.');
  const [counted] = await db
    .update(bereavementJourneys)
    .set({ emailCodeAttempts: sql`${bereavementJourneys.emailCodeAttempts} + 1` })
    .where(eq(bereavementJourneys.id, row.id))
    .returning({ attempts: bereavementJourneys.emailCodeAttempts });
  const code = typed.replace(/\s/g, '');
  const right =
    counted!.attempts <= EMAIL_PROOF_RULES.maxAttempts &&
    timingSafeEqual(Buffer.from(hashOf(row, code)), Buffer.from(row.emailCodeHash));
  if (right) {
    await db
      .update(bereavementJourneys)
      .set({ emailProvenAt: now, emailCodeHash: null })
      .where(eq(bereavementJourneys.id, row.id));
    return;
  }
  const { locked: nowLocked, left } = await countWrongCode(db, email, now);
  if (nowLocked) {
    await db
      .update(bereavementJourneys)
      .set({ emailCodeHash: null })
      .where(eq(bereavementJourneys.id, row.id));
    throw locked();
  }
  throw badRequest(
    'email_code_invalid',
    `That code is not right. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  );
}
