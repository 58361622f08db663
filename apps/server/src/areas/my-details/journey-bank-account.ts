import type { FastifyRequest } from 'fastify';
import {
  journeyCopyOf,
  journeyTypeParamsSchema,
  pendingChangeSchema,
  ukBankAccountSchema,
  type JourneyStep,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import type { members } from '../../db/schema';
import { AppError, errorResponses, notFound } from '../../lib/errors';
import type { QueuedMessage } from '../../lib/messaging';
import {
  NONCE_HEADER,
  confirmOneTimeCode,
  confirmationErrors,
  pendingChange,
  sendOneTimeCode,
  type CodeMessage,
  type CodeOwner,
} from '../../lib/one-time-codes';
import { findMember } from '../member-data/member-repository';
import { findTenant } from '../tenancy/tenant-repository';
import { memberOf, ownedGraph } from '../journeys/actions';
import { routeOf } from '../journeys/engine';
import type { JourneyGraph } from '../journeys/graph';
import { registerMemberJourneyRoutes, registerSubmitHook } from '../journeys/plugins';
import { requireJourney, stepsOf } from '../journeys/repository';
import { refuseModulusFailure, refuseOtherHolder, type NewBankAccount } from './bank-accounts';
import { bankChangePending, openBankChange, saveBankChange } from './bank-changes';
import { defencesOf, noStableRoute, refuseUnsettledCodeRoute, stableCodeRoute } from './change-defences';
import { currentBankAccount } from './repository';

/**
 * A bank account given inside a journey becomes the member's account under the same rules as My
 * details (docs/security.md "Changes a session thief cannot use"): a step-up code to a settled route,
 * the cooling-off, every route told. The code shares the `bank-change` purpose, so the resend call
 * of My details serves it too. My details fills the journey engine's hooks (docs/journeys.md "Hooks"):
 * a submit hook and a member journey route; the engine knows nothing of bank accounts.
 */
export const BANK_CHANGE_PURPOSE = 'bank-change';

/**
 * The step-up code's message for a bank account: for My details, or, with the journey's `noun`, for the
 * bank account a journey gives. The noun is kept in the code's payload, so a resent code says the same.
 */
export function bankCodeMessage(tenantName: string, journeyNoun: unknown): CodeMessage {
  const what =
    typeof journeyNoun === 'string'
      ? `the bank account in your ${journeyNoun}`
      : 'the change to your bank details';
  return {
    subject:
      typeof journeyNoun === 'string'
        ? `Your ${tenantName} code to confirm ${what}`
        : `Your ${tenantName} code to change your bank details`,
    body: `Your code to confirm ${what} is {code}. It expires in {minutes}. If you did not ask for it, do not share it and call us straight away.`,
  };
}

/**
 * The bank account the member gave on the journey's route for themselves, if it has a bank-account
 * question; someone else's account (`holder: other`, a receiving scheme's) never becomes theirs.
 */
export function journeyBankAccount(
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
): Extract<NewBankAccount, { kind: 'uk' }> | null {
  for (const step of routeOf(graph, steps).path) {
    const question = graph.pages.get(step.pageKey)?.question;
    if (question?.kind !== 'bank-account' || question.holder === 'other') continue;
    const parsed = ukBankAccountSchema.safeParse(JSON.parse(step.answer?.answerValue ?? 'null'));
    return parsed.success ? { kind: 'uk', ...parsed.data } : null;
  }
  return null;
}

/** The journey's account when it would change what the member is paid into; null when it is already theirs. */
export async function bankAccountToChange(
  db: Database,
  member: typeof members.$inferSelect,
  graph: JourneyGraph,
  steps: readonly JourneyStep[],
) {
  const account = journeyBankAccount(graph, steps);
  if (!account) return null;
  const current = await currentBankAccount(db, member);
  const same =
    current?.kind === 'uk' &&
    current.sortCode === account.sortCode &&
    current.accountNumber === account.accountNumber &&
    current.accountName === account.accountName;
  return same ? null : account;
}

export const stepUpRequired = () =>
  new AppError(
    428,
    'step_up_required',
    'To keep your pension safe, confirm the new bank account you gave with a code we send you.',
  );

/**
 * Sends the step-up code for the journey's bank account to a settled route; the message names the
 * journey by its `noun` (its `copy.noun`: "the bank account in your claim"), as its pages do.
 */
export async function sendJourneyBankCode(
  db: Database,
  request: FastifyRequest,
  owner: CodeOwner,
  member: typeof members.$inferSelect,
  account: NewBankAccount,
  noun: string,
) {
  refuseOtherHolder(account.accountName, member.surname);
  if (account.kind === 'uk') refuseModulusFailure(account);
  if (await openBankChange(db, member)) throw bankChangePending();
  const route = stableCodeRoute(member, await defencesOf(db, request));
  if (!route) throw noStableRoute();
  const tenantName = (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';
  const pending = await sendOneTimeCode(db, request.server.messaging, {
    owner,
    purpose: BANK_CHANGE_PURPOSE,
    channel: route.channel,
    destination: route.destination,
    payload: { ...account, sentTo: route.shown, journeyNoun: noun },
    message: bankCodeMessage(tenantName, noun),
  });
  return { ...pending, channel: route.channel, sentTo: route.shown, currentRouteSentTo: null };
}

const sameUkAccount = (
  payload: Record<string, unknown>,
  account: { accountName: string; sortCode: string; accountNumber: string },
) =>
  payload.accountName === account.accountName &&
  payload.sortCode === account.sortCode &&
  payload.accountNumber === account.accountNumber;

/**
 * A journey's bank account that is not already the member's is saved in the submission's transaction
 * under My details' rules: the submit must carry the step-up code (428 `step_up_required` without
 * one), sent to a route still settled, and the account may wait out the cooling-off; every route is
 * told once the case is committed.
 */
registerSubmitHook(async ({ db, request, graph, steps, member, owner, stepUp }) => {
  const account = await bankAccountToChange(db, member, graph, steps);
  if (!account) return null;
  if (!stepUp.code) throw stepUpRequired();
  const defences = await defencesOf(db, request);
  refuseUnsettledCodeRoute(
    await pendingChange(db, owner, BANK_CHANGE_PURPOSE, stepUp.nonce),
    member,
    defences,
  );
  const tenantName = (await findTenant(db, request.tenantUrl))?.tenantName ?? 'your pension scheme';
  let notices: QueuedMessage[] = [];
  return {
    run: (inside) =>
      confirmOneTimeCode(
        db,
        { owner, purpose: BANK_CHANGE_PURPOSE, nonce: stepUp.nonce, code: stepUp.code! },
        async (tx, payload) => {
          if (!sameUkAccount(payload, account)) {
            throw new AppError(
              400,
              confirmationErrors.invalid,
              'This code was sent for different bank details. Ask for a new code.',
            );
          }
          notices = (await saveBankChange(tx, request.log, member, account, defences, tenantName)).notices;
          return inside(tx);
        },
      ),
    after: () => request.server.messaging.deliverQueued(notices),
  };
});

registerMemberJourneyRoutes((app, { db, owner }) => {
  app.post(
    '/journeys/:journeyType/bank-account/confirmation/send',
    {
      schema: {
        tags: ['journeys'],
        summary: `Step-up for the bank account a journey gives: a code to a contact route unchanged for the tenant's stable-route days (email, mobile, else a letter); the nonce goes in ${NONCE_HEADER} with the code on submit. Resend with POST v2/bank-accounts/confirmation/resend`,
        params: journeyTypeParamsSchema,
        response: {
          200: pendingChangeSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const record = memberOf(request);
      const found = await findMember(db, record.businessGroup, record.referenceNumber);
      if (!found) throw notFound('member_not_found', 'We could not find your membership record.');
      const graph = await owner.graphOf(request, request.params.journeyType);
      const row = await requireJourney(db, record, request.params.journeyType);
      const account = await bankAccountToChange(db, found.member, ownedGraph(graph, row), stepsOf(row));
      if (!account)
        throw notFound('no_bank_account_to_confirm', 'This journey gives no new bank account to confirm.');
      return sendJourneyBankCode(
        db,
        request,
        { userId: request.member!.userId, ...record },
        found.member,
        account,
        journeyCopyOf(graph.definition.copy).noun,
      );
    },
  );
});
