import { and, eq } from 'drizzle-orm';
import { defaultNotificationSettings } from '@meridian/contracts';
import type { Database, Transaction } from '../../db/client';
import { auditEvents, memberBankAccounts, members, schemes } from '../../db/schema';
import { announceMemberChanged } from '../member-data/member-reads';
import { auditedAccount, type NewBankAccount } from './bank-accounts';
import type { ImportProblem, ValidMember } from './member-import';
import { currentBankAccount } from './repository';

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  bankAccountsChanged: number;
}

export type ImportResult = ({ ok: true } & ImportOutcome) | { ok: false; problems: ImportProblem[] };

class Rollback extends Error {}

/** JSON with object keys sorted, so a jsonb value read back compares equal to the value written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

const accountFields = (account: NewBankAccount) => ({
  kind: account.kind,
  accountName: account.accountName,
  sortCode: account.kind === 'uk' ? account.sortCode : null,
  accountNumber: account.kind === 'uk' ? account.accountNumber : null,
  iban: account.kind === 'iban' ? account.iban : null,
  bic: account.kind === 'iban' ? account.bic : null,
  bankCountryCode: account.kind === 'uk' ? 'GB' : account.bankCountryCode,
  currency: account.kind === 'uk' ? 'GBP' : account.currency,
});

async function ensureSchemes(
  tx: Transaction,
  businessGroup: string,
  valid: ValidMember[],
): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const firstOfScheme = new Map(valid.map((member) => [member.scheme.code, member] as const).reverse());
  for (const member of firstOfScheme.values()) {
    const { code, name, type } = member.scheme;
    const [held] = await tx.select().from(schemes).where(eq(schemes.code, code));
    if (!held) await tx.insert(schemes).values({ code, businessGroup, name, type });
    else if (held.businessGroup !== businessGroup || held.type !== type) {
      problems.push({
        row: member.row,
        referenceNumber: member.referenceNumber,
        field: 'schemeCode',
        message: `Scheme ${code} is held for business group ${held.businessGroup} as ${held.type}`,
      });
    }
  }
  return problems;
}

/** Saves one member: inserted when new, updated where the row differs, left alone when it is the same. */
async function saveMember(
  tx: Transaction,
  businessGroup: string,
  member: ValidMember,
  source: string,
): Promise<{ change: 'created' | 'updated' | 'unchanged'; bankChanged: boolean }> {
  const key = { businessGroup, referenceNumber: member.referenceNumber };
  const [held] = await tx
    .select()
    .from(members)
    .where(
      and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, member.referenceNumber)),
    );
  const changedFields = held
    ? Object.entries(member.values)
        .filter(([field, value]) => canonical(value) !== canonical(held[field as keyof typeof held]))
        .map(([field]) => field)
    : Object.keys(member.values);
  // A new member without settings in the file is written to by post until they choose otherwise.
  if (!held)
    await tx
      .insert(members)
      .values({ notificationSettings: defaultNotificationSettings, ...member.values, businessGroup });
  else if (changedFields.length > 0) {
    await tx
      .update(members)
      .set(member.values)
      .where(
        and(eq(members.businessGroup, businessGroup), eq(members.referenceNumber, member.referenceNumber)),
      );
  }
  if (!held || changedFields.length > 0) await announceMemberChanged(tx, key);

  let bankChanged = false;
  let bankAudit: Record<string, unknown> = {};
  if (member.bank) {
    const current = await currentBankAccount(tx, key);
    const incoming = accountFields(member.bank);
    const same =
      current &&
      Object.entries(incoming).every(([field, value]) => current[field as keyof typeof current] === value);
    if (!same) {
      if (current) {
        await tx
          .update(memberBankAccounts)
          .set({ replacedAt: new Date() })
          .where(eq(memberBankAccounts.id, current.id));
      }
      await tx.insert(memberBankAccounts).values({ ...key, ...incoming });
      bankChanged = true;
      bankAudit = { bankAccount: { old: auditedAccount(current), new: auditedAccount(member.bank) } };
    }
  }

  const change = !held ? 'created' : changedFields.length > 0 ? 'updated' : 'unchanged';
  if (change !== 'unchanged' || bankChanged) {
    await tx.insert(auditEvents).values({
      action: 'member.import',
      outcome: 'success',
      ...key,
      details: { source, change, fields: changedFields, ...bankAudit },
    });
  }
  return { change, bankChanged };
}

/**
 * Loads checked members into a business group in one transaction: every member is saved or none is. With
 * `dryRun` the same work is done and then rolled back, so the report says what an import would change.
 */
export async function importMembers(
  db: Database,
  options: { businessGroup: string; members: ValidMember[]; source: string; dryRun?: boolean },
): Promise<ImportResult> {
  const outcome: ImportOutcome = { created: 0, updated: 0, unchanged: 0, bankAccountsChanged: 0 };
  let problems: ImportProblem[] = [];
  try {
    await db.transaction(async (tx) => {
      problems = await ensureSchemes(tx, options.businessGroup, options.members);
      if (problems.length > 0) throw new Rollback();
      for (const member of options.members) {
        const saved = await saveMember(tx, options.businessGroup, member, options.source);
        outcome[saved.change] += 1;
        if (saved.bankChanged) outcome.bankAccountsChanged += 1;
      }
      await tx.insert(auditEvents).values({
        action: 'members.import',
        outcome: 'success',
        businessGroup: options.businessGroup,
        details: { source: options.source, ...outcome },
      });
      if (options.dryRun) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ...outcome };
}
