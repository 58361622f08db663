import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { members } from '../db/schema';
import type { QueuedMessage } from './messaging';
import { writeMessage, type OutboxDelivery } from './outbox';

/** What a service notice needs of the member's record: who, how to reach them, and how they asked to be. */
export type NoticeRecord = Pick<
  typeof members.$inferSelect,
  | 'businessGroup'
  | 'referenceNumber'
  | 'title'
  | 'forenames'
  | 'surname'
  | 'email'
  | 'mobilePhone'
  | 'notificationSettings'
>;

/** Letters are addressed to the record; the print run takes the postal address from it. */
export const letterRecipient = (member: Pick<NoticeRecord, 'businessGroup' | 'referenceNumber'>) =>
  `${member.businessGroup}/${member.referenceNumber}`;

export interface NoticeRoute {
  channel: 'email' | 'sms' | 'post';
  to: string;
}

/**
 * Where a service notice (a case's news, a document asked for, a statement ready, an application's
 * confirmation) goes: the routes the member chose in How we contact you (My details) that the record
 * holds, an email and a text when they chose both; a letter when they chose post, or chose routes the
 * record does not hold (email with no address on file). Security notices do not come here: they go to
 * every route on file whatever the member chose (`noticeToEveryRoute`,
 * areas/my-details/change-defences.ts).
 */
export function serviceNoticeRoutes(member: NoticeRecord): NoticeRoute[] {
  const chosen = member.notificationSettings;
  const routes: NoticeRoute[] = [];
  if (!chosen.post) {
    if (chosen.email && member.email) routes.push({ channel: 'email', to: member.email });
    if (chosen.sms && member.mobilePhone) routes.push({ channel: 'sms', to: member.mobilePhone });
  }
  return routes.length > 0 ? routes : [{ channel: 'post', to: letterRecipient(member) }];
}

/**
 * The record with the account's email standing in when the record holds none: the address the member
 * signs up with is one they gave us too.
 */
export const withAccountEmail = <T extends NoticeRecord>(
  member: T,
  account: { email: string | null } | undefined,
): T => ({ ...member, email: member.email ?? account?.email ?? null });

/**
 * Queues a service notice on each of the member's routes (`serviceNoticeRoutes`), in the caller's
 * transaction: the same words on each (a text is the subject and body; the body greets the member, as
 * the journeys' confirmation words do). `delivery`: for a job outside a request (the request's own
 * otherwise). Answers what to hand to
 * `messaging.deliverQueued` once the transaction has committed.
 */
export async function queueServiceNotice(
  db: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  member: NoticeRecord,
  notice: { subject: string; body: string },
  delivery?: OutboxDelivery,
): Promise<QueuedMessage[]> {
  const queued: QueuedMessage[] = [];
  for (const route of serviceNoticeRoutes(member)) {
    const message: QueuedMessage =
      route.channel === 'email'
        ? { channel: 'email', to: route.to, subject: notice.subject, body: notice.body }
        : route.channel === 'sms'
          ? { channel: 'sms', to: route.to, body: `${notice.subject}. ${notice.body}` }
          : { channel: 'post', to: route.to, subject: notice.subject, body: notice.body };
    await writeMessage(db, log, { subject: 'SMS', ...message }, delivery);
    queued.push(message);
  }
  return queued;
}
