import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import {
  bankCountriesAndCurrencies,
  bankSubmitSchema,
  errorBodySchema,
  ibanBankAccountFormSchema,
  maskedBankAccountSchema,
  pendingCodeSchema,
  ukBankAccountFormSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { memberBankAccounts } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Messaging } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  confirmationErrors,
  resendOneTimeCode,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { findMember } from '../member-data/member-repository';
import { findTenant } from '../tenancy/tenant-repository';
import {
  auditedAccount,
  masked,
  refuseModulusFailure,
  refuseOtherHolder,
  type NewBankAccount,
} from './bank-accounts';
import { maskedEmail } from './masking';
import { currentBankAccount } from './repository';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });
const PURPOSE = 'bank-change';

const sameAccount = (a: Record<string, unknown>, b: NewBankAccount) =>
  Object.entries(b).every(([key, value]) => a[key] === value);

/**
 * Bank accounts of the chosen record: enter → validate → confirm the masked result → a step-up code to
 * the member's email → submit the same account with the code. The old and new numbers are audited
 * masked and the member is told of the change.
 */
export const bankRoutes: FastifyPluginAsyncZod<{ db: Database; messaging: Messaging }> = async (
  app,
  { db, messaging },
) => {
  app.addHook('preHandler', app.requireMember);

  const chosenRecord = async (request: FastifyRequest) => {
    const found = await findMember(db, request.member!.businessGroup, request.member!.referenceNumber);
    if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
    return found.member;
  };
  const ownerOf = (request: FastifyRequest): CodeOwner => ({
    userId: request.member!.userId,
    businessGroup: request.member!.businessGroup,
    referenceNumber: request.member!.referenceNumber,
  });
  const tenantName = async (request: FastifyRequest) =>
    (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';

  const validated = async (request: FastifyRequest, account: NewBankAccount) => {
    const member = await chosenRecord(request);
    refuseOtherHolder(account.accountName, member.surname);
    if (account.kind === 'uk') refuseModulusFailure(account);
    return member;
  };
  const stepUpMessage = async (request: FastifyRequest): Promise<CodeMessage> => ({
    subject: `Your ${await tenantName(request)} code to change your bank details`,
    body: 'Your code to confirm the change to your bank details is {code}. It expires in {minutes} minutes. If you did not ask for it, contact us straight away.',
  });

  app.get(
    '/v2/bank-accounts/current',
    {
      schema: {
        tags: ['my-details'],
        summary: 'The account the member is paid into, numbers masked to their last 4 digits',
        response: { 200: maskedBankAccountSchema, ...errors },
      },
    },
    async (request) => {
      const account = await currentBankAccount(db, await chosenRecord(request));
      if (!account) throw notFound('member_bank_account_not_found', 'We do not hold bank details for you.');
      return masked(account);
    },
  );

  app.get(
    '/v2/bank-accounts/countries-and-currencies',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Countries an IBAN account may be held in, with the currency paid there',
        response: {
          200: z.array(
            z.object({
              countryCode: z.string(),
              countryName: z.string(),
              currencyCode: z.string(),
              currencyName: z.string(),
            }),
          ),
          401: errorBodySchema,
        },
      },
    },
    async () => [...bankCountriesAndCurrencies],
  );

  const flows = [
    {
      kind: 'uk' as const,
      schema: ukBankAccountFormSchema,
      label: 'a UK account (sort code and account number)',
    },
    { kind: 'iban' as const, schema: ibanBankAccountFormSchema, label: 'an overseas account (IBAN and BIC)' },
  ];
  for (const flow of flows) {
    const accountOf = (body: object) => ({ kind: flow.kind, ...body }) as NewBankAccount;

    app.post(
      `/v2/bank-accounts/${flow.kind}/validate`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Check ${flow.label}: in the member's name${flow.kind === 'uk' ? ', VocaLink modulus check' : ', IBAN and BIC (ibantools), currency offered for the country'}; answers the masked result`,
          body: flow.schema,
          response: { 200: maskedBankAccountSchema, ...errors },
        },
      },
      async (request) => {
        const account = accountOf(request.body);
        await validated(request, account);
        return masked(account);
      },
    );

    app.post(
      `/v2/bank-accounts/${flow.kind}/confirmation/send`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Step-up for ${flow.label}: checks it again and emails a code to the member's address; the nonce goes in ${NONCE_HEADER} on submit`,
          body: flow.schema,
          response: { 200: pendingCodeSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request) => {
        const account = accountOf(request.body);
        const member = await validated(request, account);
        if (!member.email) {
          throw badRequest(
            'verified_email_required',
            'Add your email address before changing your bank details.',
          );
        }
        const pending = await sendOneTimeCode(db, messaging, {
          owner: ownerOf(request),
          purpose: PURPOSE,
          channel: 'email',
          destination: member.email,
          payload: { ...account },
          message: await stepUpMessage(request),
        });
        return { ...pending, sentTo: maskedEmail(member.email) };
      },
    );

    app.post(
      `/v2/bank-accounts/${flow.kind}/submit`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Save ${flow.label} with the step-up code; the account must be the one the code was sent for`,
          headers: nonceHeaders,
          body: bankSubmitSchema(flow.schema),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { code, ...details } = request.body as { code: string } & Record<string, unknown>;
        const account = accountOf(details);
        const member = await validated(request, account);
        const owner = ownerOf(request);
        const previous = await currentBankAccount(db, member);
        await confirmOneTimeCode(
          db,
          { owner, purpose: PURPOSE, nonce: request.headers[NONCE_HEADER], code },
          async (tx, payload) => {
            if (!sameAccount(payload, account)) {
              throw new AppError(
                400,
                confirmationErrors.invalid,
                'This code was sent for different bank details. Ask for a new code.',
              );
            }
            const record = and(
              eq(memberBankAccounts.businessGroup, owner.businessGroup),
              eq(memberBankAccounts.referenceNumber, owner.referenceNumber),
              isNull(memberBankAccounts.replacedAt),
            );
            await tx.update(memberBankAccounts).set({ replacedAt: new Date() }).where(record);
            await tx.insert(memberBankAccounts).values({
              businessGroup: owner.businessGroup,
              referenceNumber: owner.referenceNumber,
              ...(account.kind === 'uk' ? { ...account, bankCountryCode: 'GB', currency: 'GBP' } : account),
            });
          },
        ).catch(async (error: unknown) => {
          await audit(db, request, { action: 'bank_account_change', outcome: 'failure', ...owner });
          throw error;
        });
        await audit(db, request, {
          action: 'bank_account_change',
          outcome: 'success',
          ...owner,
          details: { from: auditedAccount(previous), to: auditedAccount(account) },
        });
        if (member.email) {
          const shown = masked(account);
          await messaging.sendEmail({
            to: member.email,
            subject: `Your ${await tenantName(request)} bank details were changed`,
            body: `We will now pay you into the account ending ${(shown.accountNumber ?? shown.iban)!.slice(-4)} in the name of ${account.accountName}. If you did not make this change, contact us straight away.`,
          });
        }
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/v2/bank-accounts/confirmation/resend',
    {
      schema: {
        tags: ['my-details'],
        summary: 'A new step-up code for the pending bank change (after the cool-down)',
        headers: nonceHeaders,
        response: { 200: pendingCodeSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const member = await chosenRecord(request);
      const pending = await resendOneTimeCode(db, messaging, {
        owner: ownerOf(request),
        purpose: PURPOSE,
        nonce: request.headers[NONCE_HEADER],
        message: await stepUpMessage(request),
      });
      return { ...pending, sentTo: member.email ? maskedEmail(member.email) : 'your email address' };
    },
  );
};
