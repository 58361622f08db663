import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { memberBankAccounts, members, pendingBankChanges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockMemberRecord } from '../../lib/member-lock';
import type { Messaging, QueuedMessage } from '../../lib/messaging';
import { masked, type NewBankAccount } from './bank-accounts';
import {
  coolingOffEnds,
  noticeToEveryRoute,
  type ChangeDefences,
  type ContactRecord,
} from './change-defences';
import type { RecordKey } from './repository';

/**
 * Saving a bank account the member has proven with a code: at once, or, inside the cooling-off period
 * after a contact change, as a pending change that applies when the period ends unless cancelled.
 * Every route on file is told in the same transaction, before the change is written.
 */

const ofRecord = (record: RecordKey) =>
  and(
    eq(pendingBankChanges.businessGroup, record.businessGroup),
    eq(pendingBankChanges.referenceNumber, record.referenceNumber),
  );
const open = and(isNull(pendingBankChanges.cancelledAt), isNull(pendingBankChanges.appliedAt));

export const endingOf = (account: NewBankAccount) => {
  const shown = masked(account);
  return (shown.accountNumber ?? shown.iban ?? '').slice(-4);
};

export async function openBankChange(db: Pick<Database, 'select'>, record: RecordKey) {
  const [row] = await db
    .select()
    .from(pendingBankChanges)
    .where(and(ofRecord(record), open));
  return row ?? null;
}

export const bankChangePending = () =>
  new AppError(
    409,
    'bank_change_pending',
    'You already have a change to your bank details waiting. Cancel it first if you want to give different details.',
  );

/** Replaces the current account with `account` (the partial unique index keeps one current per record). */
export async function makeCurrent(tx: Transaction, record: RecordKey, account: NewBankAccount) {
  await tx
    .update(memberBankAccounts)
    .set({ replacedAt: new Date() })
    .where(
      and(
        eq(memberBankAccounts.businessGroup, record.businessGroup),
        eq(memberBankAccounts.referenceNumber, record.referenceNumber),
        isNull(memberBankAccounts.replacedAt),
      ),
    );
  await tx.insert(memberBankAccounts).values({
    businessGroup: record.businessGroup,
    referenceNumber: record.referenceNumber,
    ...(account.kind === 'uk' ? { ...account, bankCountryCode: 'GB', currency: 'GBP' } : account),
  });
}

export interface SavedBankChange {
  status: 'changed' | 'pending';
  appliesAt: Date | null;
  notices: QueuedMessage[];
}

/**
 * In the transaction that spends the member's code, or after their fresh step-up: tells every route,
 * then saves or holds the account. Saves of one record take turns (an advisory lock), so parallel
 * submits on one step-up replace the account one after another rather than both inserting a current one.
 */
export async function saveBankChange(
  tx: Transaction,
  log: FastifyBaseLogger,
  member: ContactRecord,
  account: NewBankAccount,
  defences: ChangeDefences,
  tenantName: string,
): Promise<SavedBankChange> {
  await lockMemberRecord(tx, 'bank-change', member);
  if (await openBankChange(tx, member)) throw bankChangePending();
  const appliesAt = coolingOffEnds(member, defences);
  const who = `the account ending ${endingOf(account)} in the name of ${account.accountName}`;
  const notices = await noticeToEveryRoute(tx, log, member, {
    subject: `Your ${tenantName} bank details are being changed`,
    body: appliesAt
      ? `We have been asked to pay your pension into ${who}. Because your contact details changed recently, this will only happen on ${appliesAt.toUTCString().slice(0, 16)}, and you can cancel it in My details until then.`
      : `We will now pay your pension into ${who}.`,
  });
  if (appliesAt) {
    await tx.insert(pendingBankChanges).values({
      businessGroup: member.businessGroup,
      referenceNumber: member.referenceNumber,
      account: { ...account } as Record<string, string>,
      appliesAt,
    });
    return { status: 'pending', appliesAt, notices };
  }
  await makeCurrent(tx, member, account);
  return { status: 'changed', appliesAt: null, notices };
}

/** Cancels the record's open change, telling every route; false when there was none. */
export async function cancelBankChange(
  db: Database,
  messaging: Messaging,
  log: FastifyBaseLogger,
  member: ContactRecord,
) {
  const notices = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(pendingBankChanges)
      .set({ cancelledAt: new Date() })
      .where(and(ofRecord(member), open))
      .returning();
    if (!cancelled) return null;
    return noticeToEveryRoute(tx, log, member, {
      subject: 'Your change of bank details was cancelled',
      body: `The change to pay your pension into the account ending ${endingOf(cancelled.account as unknown as NewBankAccount)} was cancelled. We will keep paying into your current account.`,
    });
  });
  if (notices) await messaging.deliverQueued(notices);
  return notices !== null;
}

/**
 * Applies one open change now, whatever its date (the cooling-off ended, or staff released it early
 * after a call): the account becomes current and every route is told. False when it is no longer open.
 */
export async function applyBankChange(
  db: Database,
  messaging: Messaging,
  log: FastifyBaseLogger,
  id: string,
  now = new Date(),
) {
  const notices = await db.transaction(async (tx) => {
    const [change] = await tx
      .update(pendingBankChanges)
      .set({ appliedAt: now })
      .where(and(eq(pendingBankChanges.id, id), open))
      .returning();
    if (!change) return null;
    const [member] = await tx
      .select()
      .from(members)
      .where(
        and(
          eq(members.businessGroup, change.businessGroup),
          eq(members.referenceNumber, change.referenceNumber),
        ),
      );
    const account = change.account as unknown as NewBankAccount;
    const queued = member
      ? await noticeToEveryRoute(tx, log, member, {
          subject: 'Your new bank details are now in use',
          body: `We will now pay your pension into the account ending ${endingOf(account)} in the name of ${account.accountName}.`,
        })
      : [];
    await makeCurrent(tx, change, account);
    return queued;
  });
  if (notices) await messaging.deliverQueued(notices);
  return notices !== null;
}

/**
 * Applies every open change whose cooling-off has ended (of one record, or all). Run when a member's
 * bank details are read and by the sweep.
 */
export async function applyDueBankChanges(
  db: Database,
  messaging: Messaging,
  log: FastifyBaseLogger,
  record?: RecordKey,
  now = new Date(),
) {
  const due = await db
    .select({ id: pendingBankChanges.id })
    .from(pendingBankChanges)
    .where(and(open, lte(pendingBankChanges.appliesAt, now), record ? ofRecord(record) : undefined));
  for (const { id } of due) await applyBankChange(db, messaging, log, id, now);
  return due.length;
}
