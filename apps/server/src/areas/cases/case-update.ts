import {
  changeStatusSchema,
  completeCaseSchema,
  documentReceivedSchema,
  rejectCaseSchema,
  requestDocumentSchema,
} from '@meridian/contracts';
import type { Database } from '../../db/client';
import { actOnCaseByCommand, type CaseAction } from '../operations/case-work';

/** What `npm run case:update` is asked to do: one change, as one action of the console. */
export interface CaseChange {
  /** A status the case moves to: a working one, Completed or Rejected. */
  status?: string;
  /** A document the case lists, now received; or, with `requested`, one asked of the member. */
  document?: { name: string; requested: boolean };
  /** What the member reads in My requests: with a status, or a document asked for. */
  note?: string;
}

export class CaseChangeError extends Error {}

const parsed = <T>(result: { success: true; data: T } | { success: false; error: { issues: unknown[] } }) => {
  if (result.success) return result.data;
  throw new CaseChangeError(
    'A status or a document needs a name and, for a status or a document asked for, --note with what the member reads (2000 characters at most).',
  );
};

/**
 * The console's action a command's change comes to, checked by the console's own request schemas: a
 * status is the console's status move (or Complete or Reject), a document received or asked for is its
 * document action. One change at a time, each a timeline event, an audit entry and, where the console's
 * would, a notice to the member.
 */
export function caseActionOf(change: CaseChange): CaseAction {
  if ((change.status === undefined) === (change.document === undefined))
    throw new CaseChangeError('Give either --status or --document, one change at a time.');
  if (change.document) {
    if (!change.document.requested) {
      if (change.note !== undefined)
        throw new CaseChangeError('A document received takes no --note: the member is not told of it.');
      return {
        kind: 'document_received',
        document: parsed(documentReceivedSchema.safeParse({ document: change.document.name })).document,
      };
    }
    const body = parsed(
      requestDocumentSchema.safeParse({ document: change.document.name, memberNote: change.note }),
    );
    return { kind: 'document_requested', document: body.document, memberNote: body.memberNote };
  }
  if (change.status === 'Completed')
    return {
      kind: 'completed',
      memberNote: parsed(completeCaseSchema.safeParse({ memberNote: change.note })).memberNote,
    };
  if (change.status === 'Rejected')
    return { kind: 'rejected', reason: parsed(rejectCaseSchema.safeParse({ reason: change.note })).reason };
  const status = changeStatusSchema.shape.status.safeParse(change.status);
  if (!status.success)
    throw new CaseChangeError(
      `“${change.status}” is not a status a case moves to: give one of ${[...changeStatusSchema.shape.status.options, 'Completed', 'Rejected'].join(', ')}.`,
    );
  const body = parsed(changeStatusSchema.safeParse({ status: status.data, memberNote: change.note }));
  return { kind: 'status', status: body.status, memberNote: body.memberNote };
}

/**
 * `npm run case:update`: the change made to the case as the console makes it (`actOnCaseByCommand`),
 * the member told as the console would tell them. 404 `case_not_found` and the console's refusals
 * (a move the state machine does not allow, a document already received) come through as they are.
 */
export async function updateCase(
  db: Database,
  command: Parameters<typeof actOnCaseByCommand>[1],
  caseNumber: string,
  change: CaseChange,
): Promise<void> {
  await actOnCaseByCommand(db, command, caseNumber, caseActionOf(change));
}
