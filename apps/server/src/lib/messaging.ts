import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { ClaimedJob, JobHandler } from './job-queue';
import {
  BLANKED_CODE,
  writeMessage,
  type CarriesCode,
  type OutboxDelivery,
  type OutgoingEmail,
  type OutgoingLetter,
  type OutgoingSms,
} from './outbox';
import { openSealedCodes } from './sealed-codes';

export { BLANKED_CODE, type CarriesCode, type OutgoingSms };

/**
 * Sends text messages: a provider's adapter (lib/sms-provider.ts). Without one, texts stay in the
 * outbox. `reference` is the outbox message's id, the same on every retry.
 */
export interface SmsSender {
  send(sms: OutgoingSms & { reference?: string }): Promise<void>;
}

/** A message a transaction already wrote to the outbox (with its job), handed to `deliverQueued` once it committed. */
export type QueuedMessage =
  | ({ channel: 'email' } & OutgoingEmail)
  | ({ channel: 'sms' } & OutgoingSms)
  | ({ channel: 'post' } & OutgoingLetter);

/**
 * Email, SMS and letters to members. Every message is written to the outbox, and email (with SMTP)
 * and texts (with a provider) get a job that the job queue delivers, retrying while the way out is
 * down: no request waits on a mail server.
 */
export interface Messaging {
  sendEmail(email: OutgoingEmail & CarriesCode): Promise<void>;
  sendSms(sms: OutgoingSms & CarriesCode): Promise<void>;
  /** Letters wait in the outbox for the administrator's print-and-post run. */
  sendLetter(letter: OutgoingLetter & CarriesCode): Promise<void>;
  /** Tells the worker that a committed transaction queued these (their rows and jobs are written). */
  deliverQueued(messages: QueuedMessage[]): Promise<void>;
}

export interface MessagingService extends Messaging {
  delivery: OutboxDelivery;
  /** The job queue's handlers for the channels with a way out. */
  jobHandlers: Partial<Record<'email' | 'sms', JobHandler>>;
}

export interface MessagingOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** smtp://user:password@host:587 or smtps://…; unset keeps email in the outbox only. */
  smtpUrl?: string;
  /** Sender address of SMTP email. */
  mailFrom: string;
  /** An SMS provider; unset keeps texts in the outbox (the embedded default). */
  sms?: SmsSender;
  /** See `OutboxDelivery.keepCodes`. */
  keepCodes: boolean;
  /** Seals codes at rest: a letter's until the print run (recurring `letter_print`), a queued message's until sent. */
  letterSecret?: Uint8Array;
  /** Wakes the job worker (the app's); messages are sent by its next poll otherwise. */
  wake?: () => void;
}

/** How long SMTP may take before an attempt counts as failed (well inside a job's lease). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMessaging({
  db,
  log,
  smtpUrl,
  mailFrom,
  sms,
  keepCodes,
  letterSecret,
  wake = () => undefined,
}: MessagingOptions): MessagingService {
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const delivery: OutboxDelivery = {
    channels: { email: transport !== null, sms: sms !== undefined },
    keepCodes,
    codeKey: letterSecret,
    wake: () => wake(),
  };

  /** The message as it is sent: a code the outbox copy has blanked is opened from the job's seal. */
  const outgoing = async (job: ClaimedJob) => {
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, job.subjectId));
    if (!row) throw new Error(`outbox message ${job.subjectId} is gone`);
    const code = job.sealedCode && letterSecret ? openSealedCodes(letterSecret, job.sealedCode) : null;
    return { row, body: code ? row.body.replaceAll(BLANKED_CODE, code) : row.body };
  };
  const markSent = (id: string) =>
    db.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.id, id));

  const jobHandlers: MessagingService['jobHandlers'] = {};
  if (transport)
    jobHandlers.email = async (job) => {
      const { row, body } = await outgoing(job);
      await transport.sendMail({ from: mailFrom, to: row.recipient, subject: row.subject, text: body });
      await markSent(row.id);
    };
  if (sms)
    jobHandlers.sms = async (job) => {
      const { row, body } = await outgoing(job);
      await sms.send({ to: row.recipient, body, reference: row.id });
      await markSent(row.id);
    };

  const write = async (message: Parameters<typeof writeMessage>[2]) => {
    await writeMessage(db, log, message, delivery);
  };
  return {
    delivery,
    jobHandlers,
    sendEmail: (email) => write({ channel: 'email', ...email }),
    sendSms: (text) => write({ channel: 'sms', subject: 'SMS', ...text }),
    sendLetter: (letter) => write({ channel: 'post', ...letter }),
    async deliverQueued(messages) {
      if (messages.some((message) => message.channel !== 'post' && delivery.channels[message.channel]))
        wake();
    },
  };
}
