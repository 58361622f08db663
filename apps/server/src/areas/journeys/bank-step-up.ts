import type { FastifyRequest } from 'fastify';
import { ukBankAccountSchema, type JourneyStep } from '@meridian/contracts';
import type { Database } from '../../db/client';
import type { members } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sendOneTimeCode, type CodeOwner } from '../../lib/one-time-codes';
import { findTenant } from '../tenancy/tenant-repository';
import { refuseModulusFailure, refuseOtherHolder, type NewBankAccount } from '../my-details/bank-accounts';
import { bankChangePending, openBankChange } from '../my-details/bank-changes';
import { defencesOf, noStableRoute, stableCodeRoute } from '../my-details/change-defences';
import { currentBankAccount } from '../my-details/repository';
import { routeOf } from './engine';
import type { JourneyGraph } from './graph';

/**
 * A bank account given inside a journey becomes the member's account under the same rules as My
 * details (docs/security.md "Changes a session thief cannot use"): a step-up code to a settled route,
 * the cooling-off, every route told. The code shares the `bank-change` purpose, so the resend call
 * of My details serves it too.
 */
export const BANK_CHANGE_PURPOSE = 'bank-change';

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
    payload: { ...account, sentTo: route.shown },
    message: {
      subject: `Your ${tenantName} code to confirm the bank account in your ${noun}`,
      body: `Your code to confirm the bank account in your ${noun} is {code}. It expires in {minutes}. If you did not ask for it, do not share it and call us straight away.`,
    },
  });
  return { ...pending, channel: route.channel, sentTo: route.shown, currentRouteSentTo: null };
}
