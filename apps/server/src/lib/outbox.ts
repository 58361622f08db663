import { AsyncLocalStorage } from 'node:async_hooks';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { enqueueJob } from './job-queue';
import { sealCode } from './sealed-codes';

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
}

export interface OutgoingLetter {
  /** Whose address the letter goes to: the administrator prints it against the member's record. */
  to: string;
  subject: string;
  body: string;
}

export interface OutgoingSms {
  /** E.164, for example +447700900123. */
  to: string;
  body: string;
}

/** A one-time code inside a message: sent in full, kept in the outbox only where `keepCodes` allows. */
export interface CarriesCode {
  secret?: string;
}

export const BLANKED_CODE = '[code sent, not kept]';

/** How this server sends what the outbox holds. */
export interface OutboxDelivery {
  /** The channels with a way out (SMTP, an SMS provider): their messages get a job in the queue. */
  channels: { email: boolean; sms: boolean };
  /**
   * Whether the outbox keeps one-time codes of email and SMS as sent. Outside production it does, so
   * the development outbox shows them; in production the outbox copy has the code blanked out and the
   * job keeps it sealed until it is sent.
   */
  keepCodes: boolean;
  /** Seals codes at rest (a letter's for the print run, a queued message's for its job). */
  codeKey?: Uint8Array;
  /** Tells this instance's worker that jobs are waiting. */
  wake(): void;
}

interface MessageScope {
  tenantUrl: string | null;
  delivery: OutboxDelivery;
}

const scope = new AsyncLocalStorage<MessageScope>();

/**
 * Runs a request inside its message scope: what it queues is marked with its tenant and, where the
 * channel has a way out, gets a job. Registered as an `onRequest` hook (the rest of the request runs
 * inside `next`), so `queueEmail` in any transaction knows both without being handed them.
 */
export const inMessageScope = <T>(tenantUrl: string | null, delivery: OutboxDelivery, next: () => T): T =>
  scope.run({ tenantUrl, delivery }, next);

type Message = { channel: 'email' | 'sms' | 'post'; to: string; subject: string; body: string } & CarriesCode;

/**
 * Writes one message to the outbox (and its job, when its channel has a way out), in the caller's
 * transaction where it has one. Outside a request and without `delivery` (a command), the message
 * is kept in the outbox only.
 */
export async function writeMessage(
  db: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  { secret, ...message }: Message,
  delivery: OutboxDelivery | undefined = scope.getStore()?.delivery,
): Promise<string> {
  const keepCodes = delivery?.keepCodes ?? true;
  let body = message.body;
  let sealedCode: string | null = null;
  if (secret && !keepCodes) {
    if (message.channel === 'post' && delivery?.codeKey)
      body = body.replaceAll(secret, sealCode(delivery.codeKey, secret));
    else {
      body = body.replaceAll(secret, BLANKED_CODE);
      if (delivery?.codeKey) sealedCode = sealCode(delivery.codeKey, secret);
    }
  }
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body,
      tenantUrl: scope.getStore()?.tenantUrl ?? null,
    })
    .returning({ id: outboxMessages.id });
  const channel = message.channel;
  const delivered = channel !== 'post' && delivery !== undefined && delivery.channels[channel];
  if (delivered) {
    await enqueueJob(db, { kind: channel, subjectId: row!.id, sealedCode });
    delivery.wake();
  }
  log.info(
    {
      outbox: {
        to: message.to,
        subject: message.subject,
        channel: message.channel,
        queued: Boolean(delivered),
      },
    },
    delivered ? 'message queued for delivery' : 'message kept in the outbox',
  );
  return row!.id;
}

/** An email, in the caller's transaction: SMTP delivery (when configured) follows from the job queue. */
export const queueEmail = (
  db: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  email: OutgoingEmail & CarriesCode,
) => writeMessage(db, log, { channel: 'email', ...email });

/** A text message, in the caller's transaction (subject "SMS" in the outbox). */
export const queueSms = (
  db: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  sms: OutgoingSms & CarriesCode,
) => writeMessage(db, log, { channel: 'sms', subject: 'SMS', ...sms });

/** Letters wait in the outbox (channel "post") for the administrator's print-and-post run. */
export const queueLetter = (
  db: Pick<Database, 'insert'>,
  log: FastifyBaseLogger,
  letter: OutgoingLetter & CarriesCode,
) => writeMessage(db, log, { channel: 'post', ...letter });

export async function latestMessagesTo(db: Database, recipient: string, limit = 10) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}
