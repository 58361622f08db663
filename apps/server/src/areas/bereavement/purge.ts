import { and, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bereavementCaptchaUses,
  bereavementDocuments,
  bereavementEmailFailures,
  bereavementJourneys,
} from '../../db/schema';
import { EMAIL_PROOF_RULES } from './email-proof';
import type { DocumentStore } from '../documents/store';

/** How many reports one purge transaction takes; the sweep repeats until none are left. */
const PURGE_BATCH = 100;
/** A spent captcha challenge is kept past its own 10 minutes, then forgotten. */
const CAPTCHA_USES_KEPT_HOURS = 24;

/**
 * Deletes reports of a death that were never sent and whose time has run out (expired, cancelled or
 * ended), with their uploaded documents' rows and files, spent captcha challenges older than a
 * day, and an address's count of wrong email codes once its day and any lock have passed. Each batch is taken `FOR UPDATE SKIP LOCKED` in its own transaction, so two instances purging
 * at once share the work instead of waiting on or repeating each other, and a report being answered
 * at that moment is left for the next sweep; the files go before the rows are committed, so a failed
 * batch is retried whole by the next sweep (removing a missing file is not an error). Sent reports are
 * the scheme's cases and are kept. Answers how many reports and files went. The job queue runs it
 * (`bereavement_purge`, areas/operations/recurring-jobs.ts).
 */
export async function purgeExpiredReports(db: Database, store: DocumentStore, now = new Date()) {
  let reports = 0;
  let files = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: bereavementJourneys.id })
        .from(bereavementJourneys)
        .where(and(ne(bereavementJourneys.status, 'Submitted'), lt(bereavementJourneys.expiresAt, now)))
        .orderBy(bereavementJourneys.expiresAt)
        .limit(PURGE_BATCH)
        .for('update', { skipLocked: true });
      const ids = expired.map((row) => row.id);
      if (ids.length === 0) return { reports: 0, files: 0 };
      const documents = await tx
        .select({ storeKey: bereavementDocuments.storeKey })
        .from(bereavementDocuments)
        .where(inArray(bereavementDocuments.journeyId, ids));
      for (const { storeKey } of documents) await store.remove(storeKey);
      await tx.delete(bereavementDocuments).where(inArray(bereavementDocuments.journeyId, ids));
      await tx.delete(bereavementJourneys).where(inArray(bereavementJourneys.id, ids));
      return { reports: ids.length, files: documents.length };
    });
    reports += batch.reports;
    files += batch.files;
    if (batch.reports < PURGE_BATCH) break;
  }
  const spent = await db
    .delete(bereavementCaptchaUses)
    .where(lt(bereavementCaptchaUses.usedAt, new Date(now.getTime() - CAPTCHA_USES_KEPT_HOURS * 3_600_000)))
    .returning({ id: bereavementCaptchaUses.challengeId });
  const dayAgo = new Date(now.getTime() - EMAIL_PROOF_RULES.lockHours * 3_600_000);
  const failures = await db
    .delete(bereavementEmailFailures)
    .where(
      and(
        lt(bereavementEmailFailures.firstFailedAt, dayAgo),
        or(isNull(bereavementEmailFailures.lockedUntil), lt(bereavementEmailFailures.lockedUntil, now)),
      ),
    )
    .returning({ id: bereavementEmailFailures.addressHash });
  return { reports, files, captchaUses: spent.length, emailFailures: failures.length };
}
