import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CEREMONY_SECONDS, PASSKEYS_MAX, type Passkey } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { passkeyChallenges, passkeys, type PasskeyPurpose } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RelyingParty } from './relying-party';

/**
 * Passkeys (WebAuthn level 2, with @simplewebauthn/server): adding one to a signed-in account, signing
 * in with one alone, and confirming it is you (step-up) with one. Every ceremony's challenge is made
 * here, kept as its SHA-256, bound to the session (adding, step-up) or to the tenant and provider page
 * (signing in), and spent once before the answer
 * is checked; user verification is required, so a passkey counts as both factors. A signature counter
 * that does not go up (when the authenticator keeps one) is refused. docs/security.md "Passkeys".
 *
 * The ceremonies work for any holder of passkeys (`PasskeyHolders`): members here, scheme staff in
 * areas/operations/staff-passkeys.ts, each with a table and challenge purposes of their own.
 */
type Purpose = PasskeyPurpose;

/** A passkey as kept, whoever holds it (a member's sign-in, a member of staff). */
export interface StoredPasskey {
  id: string;
  ownerId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  rpId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Where one kind of holder's passkeys are kept. */
export interface PasskeyHolders {
  /** Oldest first. */
  ofOwner(db: Database | Transaction, ownerId: string): Promise<StoredPasskey[]>;
  byCredential(db: Database, credentialId: string): Promise<StoredPasskey | undefined>;
  /** Moves the counter on from `from` (and marks the use); false when another answer moved it first. */
  moveCounter(db: Database, id: string, from: number, to: number, now: Date): Promise<boolean>;
}

const memberPasskey = (row: typeof passkeys.$inferSelect): StoredPasskey => ({ ...row, ownerId: row.userId });

/** Members' passkeys (`portal.passkeys`). */
const memberHolders: PasskeyHolders = {
  ofOwner: async (db, userId) =>
    (
      await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))
    ).map(memberPasskey),
  byCredential: async (db, credentialId) => {
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    return row && memberPasskey(row);
  },
  moveCounter: async (db, id, from, to, now) =>
    (
      await db
        .update(passkeys)
        .set({ counter: to, lastUsedAt: now })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, from)))
        .returning({ id: passkeys.id })
    ).length === 1,
};

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

const CEREMONY_MS = PASSKEY_CEREMONY_SECONDS * 1000;
const supportedAlgorithmIDs = [-7, -257];

export const challengeNotValid = () =>
  new AppError(
    400,
    'passkey_challenge_invalid',
    'This passkey request has expired or was already used. Try again.',
  );

const passkeyNotAccepted = (reason: string) =>
  new AppError(400, 'passkey_invalid', `Your passkey could not be checked (${reason}). Try again.`);

export const unknownPasskey = () =>
  new AppError(
    400,
    'passkey_unknown',
    'This passkey is not one we know. It may have been removed: sign in with your username and password.',
  );

/** The challenge inside the browser's clientDataJSON, with its type and origin; null when it is not JSON. */
function clientDataOf(clientDataJSON: string) {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (!parsed || typeof parsed !== 'object') return null;
    const { challenge, type, origin } = parsed as Record<string, unknown>;
    return typeof challenge === 'string' && typeof type === 'string' && typeof origin === 'string'
      ? { challenge, type, origin }
      : null;
  } catch {
    return null;
  }
}

/** Checks what the verifier would otherwise fail with a generic error: the type, the origin. */
function checkClientData(clientDataJSON: string, type: string, party: RelyingParty) {
  const clientData = clientDataOf(clientDataJSON);
  if (!clientData) throw passkeyNotAccepted('its client data is not readable');
  if (clientData.type !== type) throw passkeyNotAccepted('it answered another kind of request');
  if (clientData.origin !== party.origin)
    throw new AppError(
      400,
      'passkey_origin_invalid',
      'This passkey answer came from another website, so it was not accepted.',
    );
  return clientData.challenge;
}

export interface ChallengeBinding {
  purpose: Purpose;
  tenantUrl: string;
  /** A member's session (adding a passkey, step-up). */
  sessionId?: string;
  /** A staff session's token hash (a member of staff adding a passkey). */
  staffSessionHash?: string;
  interactionUid?: string;
}

/**
 * A new challenge kept for the binding; answers its bytes for the options (a string would be taken as
 * text and encoded again), whose base64url the browser signs in its client data.
 */
async function keepChallenge(db: Database, binding: ChallengeBinding, now: Date) {
  const bytes = randomBytes(32);
  const challenge = bytes.toString('base64url');
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values({
    challengeHash: hashOf(challenge),
    purpose: binding.purpose,
    tenantUrl: binding.tenantUrl,
    sessionId: binding.sessionId ?? null,
    staffSessionHash: binding.staffSessionHash ?? null,
    interactionUid: binding.interactionUid ?? null,
    expiresAt: new Date(now.getTime() + CEREMONY_MS),
  });
  return new Uint8Array(bytes);
}

/**
 * Spends the challenge the browser signed, once: it must be live, made for this purpose and binding.
 * Spent before the answer is checked, so a refused answer cannot be tried again with it.
 */
async function spendChallenge(db: Database, challenge: string, binding: ChallengeBinding, now: Date) {
  const [spent] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashOf(challenge)),
        eq(passkeyChallenges.purpose, binding.purpose),
        eq(passkeyChallenges.tenantUrl, binding.tenantUrl),
        binding.sessionId
          ? eq(passkeyChallenges.sessionId, binding.sessionId)
          : isNull(passkeyChallenges.sessionId),
        binding.staffSessionHash
          ? eq(passkeyChallenges.staffSessionHash, binding.staffSessionHash)
          : isNull(passkeyChallenges.staffSessionHash),
        binding.interactionUid
          ? eq(passkeyChallenges.interactionUid, binding.interactionUid)
          : isNull(passkeyChallenges.interactionUid),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  if (!spent) throw challengeNotValid();
}

const passkeysOfUser = (db: Database | Transaction, userId: string) => memberHolders.ofOwner(db, userId);

/** A holder's passkeys as their page lists them, oldest first. */
export const listedPasskeys = (rows: StoredPasskey[]): Passkey[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));

/** The member's passkeys as Sign-in and security lists them, oldest first. */
export async function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  return (await passkeysOfUser(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Whether the account has at least one passkey. */
export async function hasPasskey(db: Database, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** Options for adding a passkey (discoverable, user verification required), bound to this session. */
export async function registrationOptions(
  db: Database,
  party: RelyingParty,
  account: { userId: string; username: string; displayName: string; rpName: string; sessionId: string },
  tenantUrl: string,
  now = new Date(),
) {
  return optionsToAdd(
    db,
    memberHolders,
    party,
    { ownerId: account.userId, ...account },
    { purpose: 'register', tenantUrl, sessionId: account.sessionId },
    now,
  );
}

/**
 * Options for a holder adding a passkey (discoverable, user verification required), its challenge kept
 * for `binding` (the session that asked); 409 `passkeys_full` at PASSKEYS_MAX.
 */
export async function optionsToAdd(
  db: Database,
  holders: PasskeyHolders,
  party: RelyingParty,
  account: { ownerId: string; username: string; displayName: string; rpName: string },
  binding: ChallengeBinding,
  now = new Date(),
) {
  const existing = await holders.ofOwner(db, account.ownerId);
  if (existing.length >= PASSKEYS_MAX)
    throw new AppError(
      409,
      'passkeys_full',
      `You have ${PASSKEYS_MAX} passkeys, the most an account can have. Remove one you no longer use first.`,
    );
  const challenge = await keepChallenge(db, binding, now);
  return generateRegistrationOptions({
    rpName: account.rpName,
    rpID: party.id,
    userName: account.username,
    userDisplayName: account.displayName,
    // The user handle: the account's id, which a discoverable passkey hands back at sign-in.
    userID: new Uint8Array(Buffer.from(account.ownerId, 'utf8')),
    challenge,
    timeout: CEREMONY_MS,
    attestationType: 'none',
    excludeCredentials: existing
      .filter((row) => row.rpId === party.id)
      .map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs,
  });
}

/**
 * Checks a new passkey against this session's challenge: the challenge spent first (once), then the
 * attestation ("none") and user verification checked. Answers the credential to keep.
 */
export async function verifyRegistration(
  db: Database,
  party: RelyingParty,
  owner: { sessionId: string; tenantUrl: string },
  response: RegistrationResponseJSON,
  now = new Date(),
) {
  return verifyAdded(
    db,
    party,
    { purpose: 'register', tenantUrl: owner.tenantUrl, sessionId: owner.sessionId },
    response,
    now,
  );
}

/** `verifyRegistration` for any holder: the challenge kept for `binding` spent, then the answer checked. */
export async function verifyAdded(
  db: Database,
  party: RelyingParty,
  binding: ChallengeBinding,
  response: RegistrationResponseJSON,
  now = new Date(),
) {
  const challenge = checkClientData(response.response.clientDataJSON, 'webauthn.create', party);
  await spendChallenge(db, challenge, binding, now);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs,
    });
  } catch (error) {
    throw passkeyNotAccepted(error instanceof Error ? error.message : 'unreadable');
  }
  if (!verified.verified) throw passkeyNotAccepted('it did not verify');
  const { credential } = verified.registrationInfo;
  return { ...credential, transports: credential.transports ?? response.response.transports ?? [] };
}

export type VerifiedPasskey = Awaited<ReturnType<typeof verifyAdded>>;

/** Keeps a verified passkey under the member's name for it, in the caller's transaction (with the notice). */
export async function keepPasskey(
  tx: Transaction,
  party: RelyingParty,
  userId: string,
  name: string,
  credential: VerifiedPasskey,
  now = new Date(),
) {
  const [kept] = await tx
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports,
      name,
      rpId: party.id,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!kept)
    throw new AppError(409, 'passkey_already_added', 'This passkey has already been added to an account.');
  return kept;
}

/** Options for signing in with a passkey alone (any discoverable passkey of this relying party). */
export async function signInOptions(
  db: Database,
  party: RelyingParty,
  binding: { tenantUrl: string; interactionUid?: string },
  now = new Date(),
) {
  return optionsToSignIn(db, party, { purpose: 'sign-in', ...binding }, now);
}

/** Options for signing in with any discoverable passkey of this relying party, the challenge kept for `binding`. */
export async function optionsToSignIn(
  db: Database,
  party: RelyingParty,
  binding: ChallengeBinding,
  now = new Date(),
) {
  const challenge = await keepChallenge(db, binding, now);
  return generateAuthenticationOptions({
    rpID: party.id,
    challenge,
    timeout: CEREMONY_MS,
    userVerification: 'required',
  });
}

/**
 * Checks an assertion against the challenge already spent: its signature and user verification right,
 * and its counter higher than the one kept (moved on in the same statement, so two answers with one
 * counter cannot both pass).
 */
async function checkAssertion(
  db: Database,
  holders: PasskeyHolders,
  party: RelyingParty,
  row: StoredPasskey,
  challenge: string,
  response: AuthenticationResponseJSON,
  now: Date,
) {
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: row.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    if (/counter/i.test(message)) throw counterWentBack();
    throw passkeyNotAccepted(message);
  }
  if (!verified.verified) throw passkeyNotAccepted('its signature is not right');
  const { newCounter } = verified.authenticationInfo;
  if (!(await holders.moveCounter(db, row.id, row.counter, newCounter, now))) throw counterWentBack();
}

/**
 * Checks a passkey sign-in: the challenge spent (once, for this tenant and page), the passkey known and
 * made for this relying party, then the assertion (`checkAssertion`). Answers the account and the
 * passkey used.
 */
export async function verifyPasskeySignIn(
  db: Database,
  party: RelyingParty,
  binding: { tenantUrl: string; interactionUid?: string },
  response: AuthenticationResponseJSON,
  now = new Date(),
) {
  const proven = await verifySignIn(
    db,
    memberHolders,
    party,
    { purpose: 'sign-in', ...binding },
    response,
    now,
  );
  return { userId: proven.ownerId, passkeyId: proven.passkeyId, name: proven.name };
}

/** `verifyPasskeySignIn` for any holder: answers the owner and the passkey used. */
export async function verifySignIn(
  db: Database,
  holders: PasskeyHolders,
  party: RelyingParty,
  binding: ChallengeBinding,
  response: AuthenticationResponseJSON,
  now = new Date(),
) {
  const challenge = checkClientData(response.response.clientDataJSON, 'webauthn.get', party);
  await spendChallenge(db, challenge, binding, now);
  const row = await holders.byCredential(db, response.id);
  if (!row || row.rpId !== party.id) throw unknownPasskey();
  try {
    if (response.response.userHandle) {
      const handle = Buffer.from(response.response.userHandle, 'base64url').toString('utf8');
      if (handle !== row.ownerId) throw unknownPasskey();
    }
    await checkAssertion(db, holders, party, row, challenge, response, now);
  } catch (error) {
    throw error instanceof AppError ? new PasskeySignInRefused(error, row.ownerId) : error;
  }
  return { ownerId: row.ownerId, passkeyId: row.id, name: row.name };
}

/**
 * A passkey sign-in refused once the passkey was known to be one of this relying party's (a signature
 * that does not verify, a counter going backwards, another account's user handle): the same answer as
 * the refusal it wraps, with `ownerId`, whose passkey it is, so the sign-in can show in their "Recent
 * sign-ins" as failed (issue 41). An unknown passkey or a spent challenge names nobody.
 */
export class PasskeySignInRefused extends AppError {
  constructor(
    refusal: AppError,
    public readonly ownerId: string,
  ) {
    super(refusal.statusCode, refusal.code, refusal.message, refusal.extra);
  }
}

/** Whose passkey a refused sign-in answered with, when it was known; else null. */
export const ownerOfRefusedPasskey = (error: unknown) =>
  error instanceof PasskeySignInRefused ? error.ownerId : null;

/**
 * Options for confirming it is you (step-up) with one of the signed-in member's passkeys of this
 * relying party, user verification required; the challenge only this session can answer, once.
 * 409 `no_passkey` when the member has none here.
 */
export async function stepUpOptions(
  db: Database,
  party: RelyingParty,
  binding: { tenantUrl: string; sessionId: string; userId: string },
  now = new Date(),
) {
  const own = (await passkeysOfUser(db, binding.userId)).filter((row) => row.rpId === party.id);
  if (own.length === 0)
    throw new AppError(
      409,
      'no_passkey',
      'You have no passkey for this site. Confirm it is you with a code.',
    );
  const challenge = await keepChallenge(
    db,
    { purpose: 'step-up', tenantUrl: binding.tenantUrl, sessionId: binding.sessionId },
    now,
  );
  return generateAuthenticationOptions({
    rpID: party.id,
    challenge,
    timeout: CEREMONY_MS,
    userVerification: 'required',
    allowCredentials: own.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
  });
}

/**
 * Checks a step-up by passkey: the challenge spent (once, made for this session's step-up), the
 * passkey one of this member's for this relying party, then the assertion (`checkAssertion`).
 */
export async function verifyPasskeyStepUp(
  db: Database,
  party: RelyingParty,
  binding: { tenantUrl: string; sessionId: string; userId: string },
  response: AuthenticationResponseJSON,
  now = new Date(),
) {
  const challenge = checkClientData(response.response.clientDataJSON, 'webauthn.get', party);
  await spendChallenge(
    db,
    challenge,
    { purpose: 'step-up', tenantUrl: binding.tenantUrl, sessionId: binding.sessionId },
    now,
  );
  const row = await memberHolders.byCredential(db, response.id);
  if (!row || row.ownerId !== binding.userId || row.rpId !== party.id) throw unknownPasskey();
  await checkAssertion(db, memberHolders, party, row, challenge, response, now);
  return { passkeyId: row.id };
}

const counterWentBack = () =>
  new AppError(
    400,
    'passkey_counter_invalid',
    'This passkey answered with a use count we have already seen, so it may have been copied. Sign in another way and call us.',
  );

/** Renames one of the member's passkeys; 404 when there is no such passkey of theirs. */
export async function renamePasskey(db: Database, userId: string, id: string, name: string) {
  const [renamed] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!renamed) throw passkeyNotFound();
}

export const passkeyNotFound = () =>
  new AppError(404, 'passkey_not_found', 'This passkey has already been removed or is not yours.');

/** The member's passkey of this id, or 404. */
export async function passkeyOf(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw passkeyNotFound();
  return row;
}

/** Removes one of the member's passkeys in the caller's transaction; 404 when already gone. */
export async function removePasskey(tx: Transaction, userId: string, id: string) {
  const [removed] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!removed) throw passkeyNotFound();
  return removed;
}
