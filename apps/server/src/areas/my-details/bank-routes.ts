import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bankChangeResultSchema,
  bankCountriesAndCurrencies,
  bankSubmitSchema,
  ibanBankAccountFormSchema,
  maskedBankAccountSchema,
  pendingBankChangeSchema,
  pendingChangeSchema,
  STEP_UP_FRESH_MINUTES,
  ukBankAccountFormSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import type { Messaging } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  confirmationErrors,
  pendingChange,
  resendToSameRoute,
  sendOneTimeCode,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { findMember } from '../member-data/member-repository';
import { requireFreshStepUp } from '../step-up/service';
import { findTenant } from '../tenancy/tenant-repository';
import {
  auditedAccount,
  masked,
  refuseModulusFailure,
  refuseOtherHolder,
  type NewBankAccount,
} from './bank-accounts';
import {
  applyDueBankChanges,
  bankChangePending,
  cancelBankChange,
  openBankChange,
  saveBankChange,
  type SavedBankChange,
} from './bank-changes';
import {
  defencesOf,
  noStableRoute,
  refuseUnsettledCodeRoute,
  stableCodeRoute,
  type ChangeDefences,
  type ContactRecord,
} from './change-defences';
import { currentBankAccount } from './repository';
import { BANK_CHANGE_PURPOSE, bankCodeMessage } from './journey-bank-account';

const errors = errorResponses(400, 401, 403, 404);
const changeErrors = { ...errors, ...errorResponses(409) };
const nonceHeaders = z.object({ [NONCE_HEADER]: z.string().max(100).optional() });
const PURPOSE = BANK_CHANGE_PURPOSE;

const sameAccount = (a: Record<string, unknown>, b: NewBankAccount) =>
  Object.entries(b).every(([key, value]) => a[key] === value);

/**
 * Bank accounts of the chosen record: enter → validate → confirm the masked result → the shared step-up
 * (a passkey, the authenticator app, or a code to a contact route that did not change lately: email,
 * mobile, else a letter) → submit the same account; or, as the spec's flow, a code sent for this account
 * and the account submitted with it. Inside the cooling-off after a contact change the account waits as
 * a pending change. The old and new numbers are audited masked and every route on file is told
 * (docs/security.md).
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
  const upToDate = async (request: FastifyRequest) => {
    const member = await chosenRecord(request);
    await applyDueBankChanges(db, messaging, request.log, member);
    return member;
  };

  /** The account proven with the code sent for it (the spec's flow; API clients and older pages). */
  const savedWithCode = async (
    request: FastifyRequest,
    member: ContactRecord,
    account: NewBankAccount,
    defences: ChangeDefences,
    tenant: string,
    { nonce, code }: { nonce: string | undefined; code: string },
  ): Promise<SavedBankChange> => {
    const owner = ownerOf(request);
    refuseUnsettledCodeRoute(await pendingChange(db, owner, PURPOSE, nonce), member, defences);
    return confirmOneTimeCode(db, { owner, purpose: PURPOSE, nonce, code }, async (tx, payload) => {
      const { sentTo: _sentTo, ...codeAccount } = payload;
      if (!sameAccount(codeAccount, account)) {
        throw new AppError(
          400,
          confirmationErrors.invalid,
          'This code was sent for different bank details. Ask for a new code.',
        );
      }
      return saveBankChange(tx, request.log, member, account, defences, tenant);
    }).catch(async (error: unknown) => {
      await audit(db, request, { action: 'bank_account_change', outcome: 'failure', ...owner });
      throw error;
    });
  };

  /**
   * The account saved on the session's own proof (the shared step-up: a passkey, the authenticator
   * app, or a step-up code to a settled route), fresh within the last few minutes. A change already
   * waiting is refused first, so the member is not asked to prove it is them for nothing.
   */
  const savedAfterStepUp = async (
    request: FastifyRequest,
    member: ContactRecord,
    account: NewBankAccount,
    defences: ChangeDefences,
    tenant: string,
  ): Promise<SavedBankChange> => {
    if (await openBankChange(db, member)) throw bankChangePending();
    await requireFreshStepUp(db, request);
    return db.transaction((tx) => saveBankChange(tx, request.log, member, account, defences, tenant));
  };

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
      const account = await currentBankAccount(db, await upToDate(request));
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
          ...errorResponses(401),
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
          summary: `Step-up for ${flow.label}: checks it again and sends a code to a contact route unchanged for the tenant's stable-route days (email, mobile, else a letter); the nonce goes in ${NONCE_HEADER} on submit`,
          body: flow.schema,
          response: { 200: pendingChangeSchema, ...changeErrors, ...errorResponses(429) },
        },
      },
      async (request) => {
        const account = accountOf(request.body);
        const member = await validated(request, account);
        if (await openBankChange(db, member)) throw bankChangePending();
        const route = stableCodeRoute(member, await defencesOf(db, request));
        if (!route) throw noStableRoute();
        const pending = await sendOneTimeCode(db, messaging, {
          owner: ownerOf(request),
          purpose: PURPOSE,
          channel: route.channel,
          destination: route.destination,
          payload: { ...account, sentTo: route.shown },
          message: bankCodeMessage(await tenantName(request), null),
        });
        return { ...pending, channel: route.channel, sentTo: route.shown, currentRouteSentTo: null };
      },
    );

    app.post(
      `/v2/bank-accounts/${flow.kind}/submit`,
      {
        schema: {
          tags: ['my-details'],
          summary: `Save ${flow.label}: with the code sent for this account (and its nonce in ${NONCE_HEADER}), or without a code when this session confirmed it is the member in the last ${STEP_UP_FRESH_MINUTES} minutes (the shared step-up: a passkey, the authenticator app or a step-up code), else 428 fresh_step_up_required. Inside the cooling-off after a contact change it is kept as pending until the period ends`,
          headers: nonceHeaders,
          body: bankSubmitSchema(flow.schema),
          response: { 200: bankChangeResultSchema, ...changeErrors, ...errorResponses(428) },
        },
      },
      async (request) => {
        const { code, ...details } = request.body as { code?: string } & Record<string, unknown>;
        const account = accountOf(details);
        const member = await validated(request, account);
        const owner = ownerOf(request);
        const previous = await currentBankAccount(db, member);
        const defences = await defencesOf(db, request);
        const name = await tenantName(request);
        const saved =
          code === undefined
            ? await savedAfterStepUp(request, member, account, defences, name)
            : await savedWithCode(request, member, account, defences, name, {
                nonce: request.headers[NONCE_HEADER],
                code,
              });
        await messaging.deliverQueued(saved.notices);
        await audit(db, request, {
          action: saved.status === 'pending' ? 'bank_account_change_held' : 'bank_account_change',
          outcome: 'success',
          ...owner,
          details: {
            from: auditedAccount(previous),
            to: auditedAccount(account),
            appliesAt: saved.appliesAt?.toISOString() ?? null,
          },
        });
        return { status: saved.status, appliesAt: saved.appliesAt?.toISOString() ?? null };
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
        response: { 200: pendingChangeSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const nonce = request.headers[NONCE_HEADER];
      // The code may be a journey's (the bank account in a claim): its resend names the journey again.
      const waiting = await pendingChange(db, owner, PURPOSE, nonce);
      return resendToSameRoute(db, messaging, {
        owner,
        purpose: PURPOSE,
        nonce,
        message: bankCodeMessage(await tenantName(request), waiting?.payload.journeyNoun),
      });
    },
  );

  app.get(
    '/v2/bank-accounts/pending',
    {
      schema: {
        tags: ['my-details'],
        summary: 'A bank change waiting out the cooling-off period, masked, with when it applies',
        response: { 200: pendingBankChangeSchema, ...errors },
      },
    },
    async (request) => {
      const change = await openBankChange(db, await upToDate(request));
      if (!change)
        throw notFound('pending_bank_change_not_found', 'You have no change to your bank details waiting.');
      return {
        account: masked(change.account as unknown as NewBankAccount),
        requestedAt: change.createdAt.toISOString(),
        appliesAt: change.appliesAt.toISOString(),
      };
    },
  );

  app.delete(
    '/v2/bank-accounts/pending',
    {
      schema: {
        tags: ['my-details'],
        summary: 'Cancel the bank change that is waiting; every route on file is told',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const member = await upToDate(request);
      if (!(await cancelBankChange(db, messaging, request.log, member))) {
        throw notFound('pending_bank_change_not_found', 'You have no change to your bank details waiting.');
      }
      await audit(db, request, {
        action: 'bank_account_change_cancelled',
        outcome: 'success',
        ...ownerOf(request),
      });
      return reply.code(204).send(null);
    },
  );
};
