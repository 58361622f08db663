import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eq, and } from 'drizzle-orm';
import {
  addressSchema,
  confirmCodeSchema,
  emailChangeSchema,
  errorBodySchema,
  internationalNumber,
  mobileChangeSchema,
  notificationSettingsSchema,
  pendingCodeSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { members, type MemberAddress } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Messaging } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  resendOneTimeCode,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { findMember } from '../member-data/member-repository';
import { findTenant } from '../tenancy/tenant-repository';
import { lastFour, maskedEmail } from './masking';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const codeErrors = { ...errors, 429: errorBodySchema };
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });

const ownerOf = (request: FastifyRequest): CodeOwner => ({
  userId: request.member!.userId,
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

const recordWhere = (owner: CodeOwner) =>
  and(eq(members.businessGroup, owner.businessGroup), eq(members.referenceNumber, owner.referenceNumber));

/** Contact details of the chosen record: email and mobile (proven by a code), address, notification settings. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Database; messaging: Messaging }> = async (
  app,
  { db, messaging },
) => {
  app.addHook('preHandler', app.requireMember);

  const chosenRecord = async (request: FastifyRequest) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found.member;
  };
  const tenantName = async (request: FastifyRequest) =>
    (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';

  const emailCode = async (request: FastifyRequest): Promise<CodeMessage> => ({
    subject: `Your ${await tenantName(request)} confirmation code`,
    body: 'Your code to confirm your new email address is {code}. It expires in {minutes} minutes. If you did not ask for it, contact us.',
  });
  const smsCode = async (request: FastifyRequest): Promise<CodeMessage> => ({
    subject: 'SMS',
    body: `{code} is your ${await tenantName(request)} code to confirm this mobile number. It expires in {minutes} minutes.`,
  });

  app.get(
    '/members/current/contacts/email',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The member’s email address',
        response: { 200: z.object({ email: z.string().nullable() }), ...errors },
      },
    },
    async (request) => ({ email: (await chosenRecord(request)).email }),
  );

  app.post(
    '/members/current/contacts/email/confirmation/send',
    {
      schema: {
        tags: ['my-details'],
        summary: `Start an email change: a 6-digit code goes to the NEW address; the answer's nonce goes in ${NONCE_HEADER} on confirm`,
        body: emailChangeSchema,
        response: { 200: pendingCodeSchema, ...codeErrors },
      },
    },
    async (request) => {
      const member = await chosenRecord(request);
      const { email } = request.body;
      if (member.email?.toLowerCase() === email.toLowerCase())
        throw badRequest('email_unchanged', 'This is already your email address.');
      const pending = await sendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: 'email-change',
        channel: 'email',
        destination: email,
        payload: { email },
        message: await emailCode(request),
      });
      return { ...pending, sentTo: maskedEmail(email) };
    },
  );

  app.post(
    '/members/current/contacts/email/confirmation/resend',
    {
      schema: {
        tags: ['my-details'],
        summary: 'A new code for the pending email change (after the cool-down)',
        headers: nonceHeaders,
        response: { 200: pendingCodeSchema, ...codeErrors },
      },
    },
    async (request) => {
      const pending = await resendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: 'email-change',
        nonce: request.headers[NONCE_HEADER],
        message: await emailCode(request),
      });
      return { ...pending, sentTo: 'your new email address' };
    },
  );

  app.post(
    '/members/current/contacts/email/confirmation/confirm',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Confirm the email change with the code; the old address is told of the change',
        headers: nonceHeaders,
        body: confirmCodeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const previous = (await chosenRecord(request)).email;
      const email = await confirmOneTimeCode(
        db,
        { owner, purpose: 'email-change', nonce: request.headers[NONCE_HEADER], code: request.body.code },
        async (tx, payload) => {
          const value = String(payload.email);
          await tx.update(members).set({ email: value }).where(recordWhere(owner));
          return value;
        },
      ).catch(async (error: unknown) => {
        await audit(db, request, { action: 'email_change', outcome: 'failure', ...owner });
        throw error;
      });
      await audit(db, request, {
        action: 'email_change',
        outcome: 'success',
        ...owner,
        details: { from: previous ? maskedEmail(previous) : null, to: maskedEmail(email) },
      });
      if (previous && previous !== email) {
        await messaging.sendEmail({
          to: previous,
          subject: `Your ${await tenantName(request)} email address was changed`,
          body: `The email address on your pension record was changed to ${maskedEmail(email)}. If you did not make this change, contact us straight away.`,
        });
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/members/current/contacts/mobile-phone',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The member’s mobile number (E.164)',
        response: { 200: z.object({ number: z.string().nullable() }), ...errors },
      },
    },
    async (request) => ({ number: (await chosenRecord(request)).mobilePhone }),
  );

  app.post(
    '/members/current/contacts/mobile-phone/confirmation/send',
    {
      schema: {
        tags: ['my-details'],
        summary: `Start a mobile change: a 6-digit code is texted to the NEW number; the nonce goes in ${NONCE_HEADER} on confirm`,
        body: mobileChangeSchema,
        response: { 200: pendingCodeSchema, ...codeErrors },
      },
    },
    async (request) => {
      const member = await chosenRecord(request);
      const number = internationalNumber(request.body);
      if (!number) throw badRequest('field_invalid', 'Enter a mobile phone number in the correct format.');
      if (member.mobilePhone === number)
        throw badRequest('mobile_unchanged', 'This is already your mobile number.');
      const pending = await sendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: 'mobile-change',
        channel: 'sms',
        destination: number,
        payload: { number },
        message: await smsCode(request),
      });
      return { ...pending, sentTo: lastFour(number)! };
    },
  );

  app.post(
    '/members/current/contacts/mobile-phone/confirmation/resend',
    {
      schema: {
        tags: ['my-details'],
        summary: 'A new code for the pending mobile change (after the cool-down)',
        headers: nonceHeaders,
        response: { 200: pendingCodeSchema, ...codeErrors },
      },
    },
    async (request) => {
      const pending = await resendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: 'mobile-change',
        nonce: request.headers[NONCE_HEADER],
        message: await smsCode(request),
      });
      return { ...pending, sentTo: 'your new mobile number' };
    },
  );

  app.post(
    '/members/current/contacts/mobile-phone/confirmation/confirm',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Confirm the mobile change with the texted code',
        headers: nonceHeaders,
        body: confirmCodeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      const previous = (await chosenRecord(request)).mobilePhone;
      const number = await confirmOneTimeCode(
        db,
        { owner, purpose: 'mobile-change', nonce: request.headers[NONCE_HEADER], code: request.body.code },
        async (tx, payload) => {
          const value = String(payload.number);
          await tx.update(members).set({ mobilePhone: value }).where(recordWhere(owner));
          return value;
        },
      ).catch(async (error: unknown) => {
        await audit(db, request, { action: 'mobile_change', outcome: 'failure', ...owner });
        throw error;
      });
      await audit(db, request, {
        action: 'mobile_change',
        outcome: 'success',
        ...owner,
        details: { from: lastFour(previous), to: lastFour(number) },
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/members/current/contacts/notifications-settings',
    {
      schema: {
        tags: ['my-details'],
        summary: 'How the member wants to hear from the scheme',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => (await chosenRecord(request)).notificationSettings,
  );

  app.put(
    '/members/current/contacts/notifications-settings',
    {
      schema: {
        tags: ['my-details'],
        summary:
          'Change how the member hears from the scheme: at least one channel; post excludes the others',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const previous = (await chosenRecord(request)).notificationSettings;
      const settings = { email: request.body.email, sms: request.body.sms, post: request.body.post };
      await db.update(members).set({ notificationSettings: settings }).where(recordWhere(owner));
      await audit(db, request, {
        action: 'notification_settings_change',
        outcome: 'success',
        ...owner,
        details: { from: previous, to: settings },
      });
      return settings;
    },
  );

  const storedAddressSchema = z.object({
    lines: z.array(z.string()),
    town: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
    countryCode: z.string(),
  });

  app.get(
    '/members/current/contacts/address',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The member’s postal address',
        response: { 200: storedAddressSchema, ...errors },
      },
    },
    async (request) => {
      const { address } = await chosenRecord(request);
      if (!address) throw notFound('member_address_not_found', 'We do not have an address for you.');
      return { ...address, county: address.county ?? null };
    },
  );

  app.put(
    '/members/current/contacts/address',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Change the postal address (UK postcodes checked and normalised)',
        body: addressSchema,
        response: { 200: storedAddressSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const previous = (await chosenRecord(request)).address;
      const address: MemberAddress = { ...request.body, county: request.body.county ?? null };
      await db.update(members).set({ address }).where(recordWhere(owner));
      await audit(db, request, {
        action: 'address_change',
        outcome: 'success',
        ...owner,
        details: { fromPostcode: previous?.postcode ?? null, toPostcode: address.postcode },
      });
      return { ...address, county: address.county ?? null };
    },
  );
};
