import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { eq, and } from 'drizzle-orm';
import {
  addressSchema,
  confirmContactChangeSchema,
  emailChangeRequestSchema,
  internationalNumber,
  mobileChangeRequestSchema,
  notificationSettingsSchema,
  pendingChangeSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { members, type MemberAddress } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, errorResponses, notFound } from '../../lib/errors';
import type { Messaging } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  pendingChange,
  resendOneTimeCode,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
  type PendingCode,
} from '../../lib/one-time-codes';
import { findMember } from '../member-data/member-repository';
import { findTenant } from '../tenancy/tenant-repository';
import { noticeToEveryRoute, requirePassword, type ContactRecord } from './change-defences';
import { lastFour, maskedEmail } from './masking';

const sameAddress = (a: MemberAddress, b: MemberAddress) =>
  JSON.stringify([a.lines, a.town, a.county ?? null, a.postcode, a.countryCode]) ===
  JSON.stringify([b.lines, b.town, b.county ?? null, b.postcode, b.countryCode]);

const errors = errorResponses(400, 401, 403, 404);
const codeErrors = { ...errors, ...errorResponses(429) };
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });

const ownerOf = (request: FastifyRequest): CodeOwner => ({
  userId: request.member!.userId,
  businessGroup: request.member!.businessGroup,
  referenceNumber: request.member!.referenceNumber,
});

const recordWhere = (owner: CodeOwner) =>
  and(eq(members.businessGroup, owner.businessGroup), eq(members.referenceNumber, owner.referenceNumber));

/** Contact details of the chosen record: email and mobile (password and two codes), address, notification settings. */
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

  /**
   * Email and mobile changes share one shape: the password again, a code to the new route (it is
   * theirs) and a code to the route on file (it is them), every route told before the change is saved.
   */
  const contactChanges = [
    {
      kind: 'email' as const,
      path: '/members/current/contacts/email',
      purpose: 'email-change',
      label: 'email address',
      body: emailChangeRequestSchema,
      newRoute: (body: { email: string }) => ({ channel: 'email' as const, destination: body.email }),
      unchanged: (member: ContactRecord, destination: string) =>
        member.email?.toLowerCase() === destination.toLowerCase(),
      shown: maskedEmail,
      currentRoute: (member: ContactRecord) =>
        member.email
          ? { channel: 'email' as const, destination: member.email, shown: maskedEmail(member.email) }
          : member.mobilePhone
            ? {
                channel: 'sms' as const,
                destination: member.mobilePhone,
                shown: lastFour(member.mobilePhone)!,
              }
            : null,
      saved: (destination: string, now: Date) => ({ email: destination, emailChangedAt: now }),
      previous: (member: ContactRecord) => member.email,
    },
    {
      kind: 'mobile' as const,
      path: '/members/current/contacts/mobile-phone',
      purpose: 'mobile-change',
      label: 'mobile number',
      body: mobileChangeRequestSchema,
      newRoute: (body: { countryCode: string; number: string }) => {
        const number = internationalNumber(body);
        if (!number) throw badRequest('field_invalid', 'Enter a mobile phone number in the correct format.');
        return { channel: 'sms' as const, destination: number };
      },
      unchanged: (member: ContactRecord, destination: string) => member.mobilePhone === destination,
      shown: (number: string) => lastFour(number)!,
      currentRoute: (member: ContactRecord) =>
        member.mobilePhone
          ? { channel: 'sms' as const, destination: member.mobilePhone, shown: lastFour(member.mobilePhone)! }
          : member.email
            ? { channel: 'email' as const, destination: member.email, shown: maskedEmail(member.email) }
            : null,
      saved: (destination: string, now: Date) => ({ mobilePhone: destination, mobileChangedAt: now }),
      previous: (member: ContactRecord) => member.mobilePhone,
    },
  ];

  for (const change of contactChanges) {
    const newRouteMessage = async (request: FastifyRequest): Promise<CodeMessage> =>
      change.kind === 'email'
        ? {
            subject: `Your ${await tenantName(request)} confirmation code`,
            body: 'Your code to confirm your new email address is {code}. It expires in {minutes} minutes. If you did not ask for it, contact us.',
          }
        : {
            subject: 'SMS',
            body: `{code} is your ${await tenantName(request)} code to confirm this mobile number. It expires in {minutes} minutes.`,
          };
    const currentRouteMessage = async (
      request: FastifyRequest,
      destination: string,
    ): Promise<CodeMessage> => ({
      subject: `Someone asked to change the ${change.label} on your ${await tenantName(request)} pension record`,
      body: `Someone asked to change the ${change.label} on your pension record to ${change.shown(destination)}. If it was you, your code to approve it is {code}; it expires in {minutes} minutes. If it was not you, do not share this code: change your password and call us straight away.`,
    });
    const answer = (
      pending: PendingCode,
      member: ContactRecord,
      destination: string,
      channel: 'email' | 'sms',
    ) => ({
      ...pending,
      channel,
      sentTo: change.shown(destination),
      currentRouteSentTo: change.currentRoute(member)?.shown ?? null,
    });

    app.post(
      `${change.path}/confirmation/send`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Start a ${change.label} change: needs the password; a 6-digit code goes to the NEW ${change.label} and another to the route on file; the nonce goes in ${NONCE_HEADER} on confirm`,
          body: change.body,
          response: { 200: pendingChangeSchema, ...codeErrors },
        },
      },
      async (request) => {
        const member = await chosenRecord(request);
        const body = request.body as { password: string; email: string } & {
          countryCode: string;
          number: string;
        };
        const route = change.newRoute(body);
        if (change.unchanged(member, route.destination)) {
          throw badRequest(`${change.kind}_unchanged`, `This is already your ${change.label}.`);
        }
        await requirePassword(db, request, body.password);
        const current = change.currentRoute(member);
        const pending = await sendOneTimeCode(db, messaging, {
          owner: ownerOf(request),
          purpose: change.purpose,
          ...route,
          payload: { destination: route.destination },
          message: await newRouteMessage(request),
          ...(current
            ? {
                currentRoute: {
                  channel: current.channel,
                  destination: current.destination,
                  message: await currentRouteMessage(request, route.destination),
                },
              }
            : {}),
        });
        return answer(pending, member, route.destination, route.channel);
      },
    );

    app.post(
      `${change.path}/confirmation/resend`,
      {
        schema: {
          tags: ['my-details'],
          summary: `New codes for the pending ${change.label} change (after the cool-down)`,
          headers: nonceHeaders,
          response: { 200: pendingChangeSchema, ...codeErrors },
        },
      },
      async (request) => {
        const member = await chosenRecord(request);
        const owner = ownerOf(request);
        const waiting = await pendingChange(db, owner, change.purpose, request.headers[NONCE_HEADER]);
        const destination = String(waiting?.payload.destination ?? '');
        const pending = await resendOneTimeCode(db, messaging, {
          owner,
          purpose: change.purpose,
          nonce: request.headers[NONCE_HEADER],
          message: await newRouteMessage(request),
          currentRouteMessage: await currentRouteMessage(request, destination),
        });
        return answer(pending, member, destination, change.kind === 'email' ? 'email' : 'sms');
      },
    );

    app.post(
      `${change.path}/confirmation/confirm`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Confirm the ${change.label} change with its code (and the code sent to the route on file); every route on file is told first`,
          headers: nonceHeaders,
          body: confirmContactChangeSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request);
        const member = await chosenRecord(request);
        const { code, currentRouteCode } = request.body;
        const schemeName = await tenantName(request);
        const outcome = await confirmOneTimeCode(
          db,
          { owner, purpose: change.purpose, nonce: request.headers[NONCE_HEADER], code, currentRouteCode },
          async (tx, payload) => {
            const destination = String(payload.destination);
            const notices = await noticeToEveryRoute(tx, request.log, member, {
              subject: `Your ${change.label} is being changed`,
              body: `The ${change.label} on your ${schemeName} pension record is being changed to ${change.shown(destination)}.`,
            });
            await tx.update(members).set(change.saved(destination, new Date())).where(recordWhere(owner));
            return { destination, notices };
          },
        ).catch(async (error: unknown) => {
          await audit(db, request, { action: `${change.kind}_change`, outcome: 'failure', ...owner });
          throw error;
        });
        await messaging.deliverQueued(outcome.notices);
        const previous = change.previous(member);
        await audit(db, request, {
          action: `${change.kind}_change`,
          outcome: 'success',
          ...owner,
          details: {
            from: previous ? change.shown(previous) : null,
            to: change.shown(outcome.destination),
          },
        });
        return reply.code(204).send(null);
      },
    );
  }

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
        summary:
          'Change the postal address (UK postcodes checked and normalised); every route on file is told first; the same address again writes nothing',
        body: addressSchema,
        response: { 200: storedAddressSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const member = await chosenRecord(request);
      const previous = member.address;
      const address: MemberAddress = { ...request.body, county: request.body.county ?? null };
      const shown = { ...address, county: address.county ?? null };
      if (previous && sameAddress(previous, address)) return shown;
      // Read before the transaction: on the embedded database a read outside it would wait for it.
      const schemeName = await tenantName(request);
      const notices = await db.transaction(async (tx) => {
        const queued = await noticeToEveryRoute(tx, request.log, member, {
          subject: 'Your postal address is being changed',
          body: `The postal address on your ${schemeName} pension record is being changed to one with the postcode ${address.postcode}.`,
        });
        await tx.update(members).set({ address, addressChangedAt: new Date() }).where(recordWhere(owner));
        return queued;
      });
      await messaging.deliverQueued(notices);
      await audit(db, request, {
        action: 'address_change',
        outcome: 'success',
        ...owner,
        details: { fromPostcode: previous?.postcode ?? null, toPostcode: address.postcode },
      });
      return shown;
    },
  );
};
