import { createHash, randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, registrations, userRecords, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

export const REGISTRATION_CODE_MINUTES = 15;
export const REGISTRATION_CODE_ATTEMPTS = 5;

export interface RegistrationDetails {
  referenceNumber: string;
  dateOfBirth: string;
  insuranceNumber: string;
  email: string;
}

const hashCode = (registrationId: string, code: string) =>
  createHash('sha256').update(`${registrationId}:${code}`).digest('base64url');
const normaliseInsuranceNumber = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const noMatch = () =>
  new AppError(
    400,
    'registration_no_match',
    'We could not find a membership record with these details. Check them against your latest pension statement.',
  );

/** Matches the details to exactly one member record of the tenant that has no portal account yet. */
export async function startRegistration(
  db: Database,
  details: RegistrationDetails,
  businessGroups: string[],
  now = new Date(),
): Promise<{ registrationId: string; code: string; expiresAt: Date }> {
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
  if (!member || !businessGroups.includes(member.businessGroup)) throw noMatch();
  const [existing] = await db
    .select()
    .from(userRecords)
    .where(
      and(
        eq(userRecords.businessGroup, member.businessGroup),
        eq(userRecords.referenceNumber, member.referenceNumber),
      ),
    );
  if (existing) {
    throw new AppError(
      409,
      'already_registered',
      'You already have an account. Sign in, or reset your password.',
    );
  }
  const code = String(randomInt(100_000, 1_000_000));
  const expiresAt = new Date(now.getTime() + REGISTRATION_CODE_MINUTES * 60_000);
  const [row] = await db
    .insert(registrations)
    .values({
      businessGroup: member.businessGroup,
      referenceNumber: member.referenceNumber,
      email: details.email.trim().toLowerCase(),
      codeHash: 'pending',
      expiresAt,
    })
    .returning({ id: registrations.id });
  await db
    .update(registrations)
    .set({ codeHash: hashCode(row!.id, code) })
    .where(eq(registrations.id, row!.id));
  return { registrationId: row!.id, code, expiresAt };
}

export interface Confirmation {
  registrationId: string;
  code: string;
  username: string;
  password: string;
}

/** Checks the emailed code (limited attempts, expiry) and creates the account for the member record. */
export async function confirmRegistration(db: Database, input: Confirmation, now = new Date()) {
  const [pending] = await db.select().from(registrations).where(eq(registrations.id, input.registrationId));
  if (!pending || pending.confirmedAt) {
    throw new AppError(
      404,
      'registration_not_found',
      'Start again: this registration is not waiting for a code.',
    );
  }
  if (pending.expiresAt <= now || pending.failedAttempts >= REGISTRATION_CODE_ATTEMPTS) {
    throw new AppError(400, 'CONFIRMATION_TOKEN_EXPIRED_ERROR', 'This code has expired. Ask for a new one.');
  }
  if (hashCode(pending.id, input.code.trim()) !== pending.codeHash) {
    await db
      .update(registrations)
      .set({ failedAttempts: pending.failedAttempts + 1 })
      .where(eq(registrations.id, pending.id));
    throw new AppError(
      400,
      'CONFIRMATION_TOKEN_INVALID_ERROR',
      'The code is not right. Check the email we sent you.',
    );
  }
  const username = input.username.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (taken) throw new AppError(409, 'username_taken', 'This username is taken. Choose another.');

  const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
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
