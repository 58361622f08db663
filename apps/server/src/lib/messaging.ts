import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { queueEmail, type OutgoingEmail } from './outbox';

export interface OutgoingSms {
  /** E.164, for example +447700900123. */
  to: string;
  body: string;
}

/** Sends text messages. The embedded default writes them to the outbox, next to the emails. */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/** Email and SMS to members: every message is kept in the outbox; email also leaves by SMTP when configured. */
export interface Messaging {
  sendEmail(email: OutgoingEmail): Promise<void>;
  sendSms(sms: OutgoingSms): Promise<void>;
}

export interface MessagingOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** smtp://user:password@host:587 or smtps://…; unset keeps email in the outbox only. */
  smtpUrl?: string;
  /** Sender address of SMTP email. */
  mailFrom: string;
  sms?: SmsSender;
}

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

export function createMessaging({ db, log, smtpUrl, mailFrom, sms }: MessagingOptions): Messaging {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const smsSender = sms ?? outboxSmsSender(db, log);
  return {
    async sendEmail(email) {
      await queueEmail(db, log, email);
      if (transport) {
        await transport.sendMail({ from: mailFrom, to: email.to, subject: email.subject, text: email.body });
      }
    },
    sendSms: (message) => smsSender.send(message),
  };
}
