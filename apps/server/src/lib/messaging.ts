import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { queueEmail, queueLetter, type OutgoingEmail, type OutgoingLetter } from './outbox';
import { sealCode } from './sealed-codes';

export interface OutgoingSms {
  /** E.164, for example +447700900123. */
  to: string;
  body: string;
}

/** A one-time code inside a message: sent in full, kept in the outbox only where `keepCodes` allows. */
export interface CarriesCode {
  secret?: string;
}

/** Sends text messages. The embedded default writes them to the outbox, next to the emails. */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/** A message a transaction already wrote to the outbox, handed to `deliverQueued` once it committed. */
export type QueuedMessage =
  | ({ channel: 'email' } & OutgoingEmail)
  | ({ channel: 'sms' } & OutgoingSms)
  | ({ channel: 'post' } & OutgoingLetter);

/** Email, SMS and letters to members: every message is kept in the outbox; email also leaves by SMTP when configured. */
export interface Messaging {
  sendEmail(email: OutgoingEmail & CarriesCode): Promise<void>;
  sendSms(sms: OutgoingSms & CarriesCode): Promise<void>;
  /** Letters wait in the outbox for the administrator's print-and-post run. */
  sendLetter(letter: OutgoingLetter & CarriesCode): Promise<void>;
  /** Sends what a committed transaction queued (email by SMTP, SMS by a provider); the outbox already has it. */
  deliverQueued(messages: QueuedMessage[]): Promise<void>;
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
  /**
   * Whether the outbox keeps one-time codes of email and SMS as sent. Outside production it does, so
   * the development outbox shows them; in production the outbox copy has the code blanked out.
   */
  keepCodes: boolean;
  /** Seals a letter's code where `keepCodes` is off: the print run (`npm run outbox:letters`) opens it. */
  letterSecret?: Uint8Array;
}

export const BLANKED_CODE = '[code sent, not kept]';

export function outboxSmsSender(db: Database, log: FastifyBaseLogger): SmsSender {
  return {
    async send(sms) {
      await db
        .insert(outboxMessages)
        .values({ channel: 'sms', recipient: sms.to, subject: 'SMS', body: sms.body });
      log.info({ outbox: { to: sms.to } }, 'SMS queued in the outbox');
    },
  };
}

export function createMessaging({
  db,
  log,
  smtpUrl,
  mailFrom,
  sms,
  keepCodes,
  letterSecret,
}: MessagingOptions): Messaging {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const kept = (body: string, secret: string | undefined) =>
    secret && !keepCodes ? body.replaceAll(secret, BLANKED_CODE) : body;
  const mail = async (email: OutgoingEmail) => {
    if (transport) {
      await transport.sendMail({ from: mailFrom, to: email.to, subject: email.subject, text: email.body });
    }
  };
  return {
    async sendEmail({ secret, ...email }) {
      await queueEmail(db, log, { ...email, body: kept(email.body, secret) });
      await mail(email);
    },
    async sendSms({ secret, ...message }) {
      if (sms) {
        await db.insert(outboxMessages).values({
          channel: 'sms',
          recipient: message.to,
          subject: 'SMS',
          body: kept(message.body, secret),
        });
        await sms.send(message);
      } else {
        await outboxSmsSender(db, log).send({ ...message, body: kept(message.body, secret) });
      }
    },
    // The print run reads the letter from the outbox: its code is kept sealed until it is printed.
    async sendLetter({ secret, ...letter }) {
      const sealed =
        secret && !keepCodes && letterSecret
          ? letter.body.replaceAll(secret, sealCode(letterSecret, secret))
          : kept(letter.body, secret);
      await queueLetter(db, log, { ...letter, body: sealed });
    },
    async deliverQueued(messages) {
      for (const message of messages) {
        if (message.channel === 'email') await mail(message);
        else if (message.channel === 'sms' && sms) await sms.send(message);
      }
    },
  };
}
