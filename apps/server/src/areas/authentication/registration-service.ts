import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, registrations, userRecords, users } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/password-hashing';
import { judgeNewPassword } from '../account/password-rule';

export const REGISTRATION_CODE_MINUTES = 15;
/** How long the code in an activation letter works: the post takes days. */
export const REGISTRATION_LETTER_DAYS = 30;
export const REGISTRATION_CODE_ATTEMPTS = 5;

export interface RegistrationDetails {
  referenceNumber: string;
  dateOfBirth: string;
  insuranceNumber: string;
}

type MemberRow = typeof members.$inferSelect;

/** Where the code goes: the contact details the scheme already holds, never ones the caller types. */
export type CodeChannel = 'email' | 'sms' | 'post';

/**
 * What a start found. Every outcome carries a registration id, so the answer to the caller is the
 * same whether the details match nothing, a registered member, or a member now sent a code.
 */
export type RegistrationStart =
  | { outcome: 'no_match'; registrationId: string }
  | { outcome: 'already_registered'; registrationId: string; member: MemberRow }
  | { outcome: 'code_sent'; registrationId: string; member: MemberRow; code: string; channel: CodeChannel };

const hashCode = (registrationId: string, code: string) =>
  createHash('sha256').update(`${registrationId}:${code}`).digest('base64url');
const normaliseInsuranceNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const channelFor = (member: Pick<MemberRow, 'email' | 'mobilePhone'>): CodeChannel =>
  member.email ? 'email' : member.mobilePhone ? 'sms' : 'post';

/** The one refusal for every code that does not work, so a made-up registration looks like a real one. */
export const codeRefused = () =>
  new AppError(
    400,
    'CONFIRMATION_TOKEN_INVALID_ERROR',
    'This code is not right or no longer works. Check it, or start again for a new one.',
  );

/** Matches the details to one member record of the tenant; a member without an account gets a code. */
export async function startRegistration(
  db: Database,
  details: RegistrationDetails,
  businessGroups: string[],
  now = new Date(),
): Promise<RegistrationStart> {
  const registrationId = randomUUID();
  const [member] = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.referenceNumber, details.referenceNumber.trim()),
        eq(members.dateOfBirth, details.dateOfBirth),
        sql`upper(replace(${members.insuranceNumber}, ' ', '')) = ${normaliseInsuranceNumber(details.insuranceNumber)}`,
      ),
    );
  if (!member || !businessGroups.includes(member.businessGroup))
    return { outcome: 'no_match', registrationId };
  const [existing] = await db
    .select()
    .from(userRecords)
    .where(
      and(
        eq(userRecords.businessGroup, member.businessGroup),
        eq(userRecords.referenceNumber, member.referenceNumber),
      ),
    );
  if (existing) return { outcome: 'already_registered', registrationId, member };

  const channel = channelFor(member);
  const code = String(randomInt(100_000, 1_000_000));
  const lifetimeMs =
    channel === 'post' ? REGISTRATION_LETTER_DAYS * 86_400_000 : REGISTRATION_CODE_MINUTES * 60_000;
  const pending = {
    id: registrationId,
    email: member.email ?? '',
    codeHash: hashCode(registrationId, code),
    failedAttempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  };
  // A member has one pending registration: starting again replaces it, so older codes stop working.
  await db
    .insert(registrations)
    .values({ ...pending, businessGroup: member.businessGroup, referenceNumber: member.referenceNumber })
    .onConflictDoUpdate({
      target: [registrations.businessGroup, registrations.referenceNumber],
      targetWhere: isNull(registrations.confirmedAt),
      set: pending,
    });
  return { outcome: 'code_sent', registrationId, member, code, channel };
}

export interface Confirmation {
  registrationId: string;
  code: string;
  username: string;
  password: string;
}

/**
 * Takes one code attempt in a single conditional update before the code is compared, so parallel
 * guesses cannot pass the limit; null when the registration is unknown, done, expired or used up.
 */
async function takeCodeAttempt(db: Database, registrationId: string, now: Date) {
  const [taken] = await db
    .update(registrations)
    .set({ failedAttempts: sql`${registrations.failedAttempts} + 1` })
    .where(
      and(
        eq(registrations.id, registrationId),
        isNull(registrations.confirmedAt),
        gt(registrations.expiresAt, now),
        lt(registrations.failedAttempts, REGISTRATION_CODE_ATTEMPTS),
      ),
    )
    .returning();
  return taken ?? null;
}

/**
 * The password rule every new password meets (docs/security.md "One password rule"), with the member's
 * own name, reference and date of birth and the chosen username as what it must not be built from. It is
 * asked only once the code is right, so the refusal says nothing about the record to someone without it.
 */
async function requireRegistrationPassword(
  db: Database,
  pending: Pick<typeof registrations.$inferSelect, 'businessGroup' | 'referenceNumber'>,
  username: string,
  password: string,
) {
  const [member] = await db
    .select({ forenames: members.forenames, surname: members.surname, dateOfBirth: members.dateOfBirth })
    .from(members)
    .where(
      and(
        eq(members.businessGroup, pending.businessGroup),
        eq(members.referenceNumber, pending.referenceNumber),
      ),
    );
  const judged = judgeNewPassword(password, {
    ...member,
    username,
    referenceNumber: pending.referenceNumber,
  });
  if (!judged.ok) throw badRequest(judged.code, judged.reason);
}

/**
 * Checks the code (limited attempts, expiry) and creates the account for the member record. Unknown,
 * done, expired, used-up and wrong all answer alike.
 */
export async function confirmRegistration(db: Database, input: Confirmation, now = new Date()) {
  const pending = await takeCodeAttempt(db, input.registrationId, now);
  if (!pending || hashCode(pending.id, input.code.trim()) !== pending.codeHash) throw codeRefused();
  // The right code does not use up an attempt.
  await db
    .update(registrations)
    .set({ failedAttempts: sql`${registrations.failedAttempts} - 1` })
    .where(eq(registrations.id, pending.id));
  const username = input.username.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken) throw new AppError(409, 'username_taken', 'This username is taken. Choose another.');
  await requireRegistrationPassword(db, pending, username, input.password);

  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(registrations)
      .set({ confirmedAt: now })
      .where(and(eq(registrations.id, pending.id), sql`${registrations.confirmedAt} is null`))
      .returning({ id: registrations.id });
    if (!claimed)
      throw new AppError(409, 'already_registered', 'This registration has already been completed.');
    const [owned] = await tx
      .select()
      .from(userRecords)
      .where(
        and(
          eq(userRecords.businessGroup, pending.businessGroup),
          eq(userRecords.referenceNumber, pending.referenceNumber),
        ),
      );
    if (owned) throw new AppError(409, 'already_registered', 'You already have an account. Sign in instead.');
    const [user] = await tx
      .insert(users)
      .values({ username, email: pending.email, passwordHash })
      .returning({ id: users.id });
    await tx.insert(userRecords).values({
      userId: user!.id,
      businessGroup: pending.businessGroup,
      referenceNumber: pending.referenceNumber,
      recordNumber: 1,
      isPrimary: true,
    });
    return {
      userId: user!.id,
      username,
      businessGroup: pending.businessGroup,
      referenceNumber: pending.referenceNumber,
    };
  });
}
