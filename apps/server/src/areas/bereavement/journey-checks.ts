import { uploadedFileOf, type JourneyStep } from '@meridian/contracts';
import { badRequest } from '../../lib/errors';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { JourneyGraph } from '../journeys/graph';
import type { UploadCheck } from '../journeys/owner';
import { registerPageCheck, registerSubmitCheck } from '../journeys/plugins';
import { stepsOf } from '../journeys/repository';
import { visitorTokenOf } from '../journeys/visitor-owner';
import { requireVisitorJourney } from '../journeys/visitor-store';
import { documentsOf, emailProven } from './documents';
import { proveEmail, reportRow, reporterEmailOf } from './email-proof';
import { bereavementStore } from './store';

/** The reporter's report, from the token their request carries. */
async function reportOf(db: Database, request: FastifyRequest, graph: JourneyGraph) {
  const where = { tenantUrl: request.tenantUrl, type: graph.definition.type };
  const row = await requireVisitorJourney(bereavementStore, db, visitorTokenOf(request), where, new Date());
  return reportRow(db, row.id);
}

/**
 * The report's own rule across two pages: the date of death (`date_of_death`) is not before the
 * date of birth given for the person who died (`deceased`, asked first). Checked when either page is
 * answered (a changed date of birth too) and again before the report is sent. The date kind has already
 * refused a date in the future. Refused with 400 `date_of_death_before_birth`, nothing saved.
 */
const diedBeforeBorn = () =>
  badRequest('date_of_death_before_birth', 'The date they died must be on or after their date of birth');

type Answered = {
  answer?: { questionKey: string; answerKey: string; answerValue?: string | null } | null;
};
const answerTo = (steps: ReadonlyArray<Answered>, questionKey: string) =>
  steps.find((step) => step.answer?.questionKey === questionKey)?.answer;
const dateOfBirthOf = (steps: ReadonlyArray<Answered>) => {
  const deceased = answerTo(steps, 'deceased');
  return deceased?.answerValue ? dateOfBirthIn(deceased.answerValue) : null;
};
const dateOfDeathOf = (steps: ReadonlyArray<Answered>) =>
  answerTo(steps, 'date_of_death')?.answerKey.trim() ?? null;
const diedBeforeBirth = (steps: ReadonlyArray<Answered>) => {
  const bornOn = dateOfBirthOf(steps);
  const diedOn = dateOfDeathOf(steps);
  return Boolean(bornOn && diedOn && diedOn < bornOn);
};

registerPageCheck({
  appliesTo: { questionKind: 'date' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement' || answer?.questionKey !== 'date_of_death') return;
    const row = await reportOf(db, request, graph);
    if (diedBeforeBirth([{ answer }, ...stepsOf(row)])) throw diedBeforeBorn();
  },
});

registerPageCheck({
  appliesTo: { questionKind: 'person' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement' || answer?.questionKey !== 'deceased') return;
    const row = await reportOf(db, request, graph);
    if (diedBeforeBirth([{ answer }, ...stepsOf(row)])) throw diedBeforeBorn();
  },
});

registerSubmitCheck(async ({ graph, path }) => {
  if (graph.definition.audience === 'bereavement' && diedBeforeBirth(path)) throw diedBeforeBorn();
});

function dateOfBirthIn(answerValue: string): string | null {
  try {
    const { dateOfBirth } = JSON.parse(answerValue) as { dateOfBirth?: unknown };
    return typeof dateOfBirth === 'string' ? dateOfBirth : null;
  } catch {
    return null;
  }
}

const provenIn = new WeakSet<FastifyRequest>();
/** Whether this request's page check proved the reporter's email (its step then gets a new token). */
export const emailProvenIn = (request: FastifyRequest) => provenIn.has(request);

/** The email code page: the code typed is checked against the one sent (email-proof.ts). */
registerPageCheck({
  appliesTo: { questionKind: 'email-code' },
  async check({ db, request, graph, answer }) {
    if (graph.definition.audience !== 'bereavement')
      throw badRequest('email_code_not_sent', 'Only a report of a death proves an email address.');
    if (!answer) return;
    const report = await reportOf(db, request, graph);
    // Proven already by submit-email (the spec's call): the page moves on, and the token is already new.
    if (emailProven(report)) return;
    await proveEmail(db, report, answer.answerKey, new Date());
    provenIn.add(request);
  },
});

/** A report is sent only once the email address it gives has been proven with a code. */
registerSubmitCheck(async ({ db, request, graph }) => {
  if (graph.definition.audience !== 'bereavement') return;
  const row = await reportOf(db, request, graph);
  if (!row.emailProvenAt || row.email !== reporterEmailOf(row))
    throw badRequest(
      'email_not_proven',
      'Confirm your email address with the code we send to it before you send the report.',
    );
});

const fileGone = () =>
  badRequest('file_not_found', 'We could not find the file you uploaded. Upload it again.');

/** Whether the report holds the uploaded document an answer names, under that name. */
async function holds(db: Database, journeyId: string, answerValue: string | null | undefined) {
  const uploaded = uploadedFileOf(answerValue ?? null);
  if (!uploaded) return true;
  const [row] = await documentsOf(db, journeyId, uploaded.id);
  return row?.name === uploaded.name;
}

/**
 * A report's upload page names a document of this report (documents.ts), not another's: the report's
 * owner says so when the file kind's check asks (routes.ts).
 */
export async function reportHoldsUpload({ db, request, graph, uploaded }: UploadCheck) {
  const row = await reportOf(db, request, graph);
  const [document] = await documentsOf(db, row.id, uploaded.id);
  return document?.name === uploaded.name;
}

/** A report is not sent naming a document the reporter has since removed. */
registerSubmitCheck(async ({ db, request, graph, path }) => {
  if (graph.definition.audience !== 'bereavement') return;
  const row = await reportOf(db, request, graph);
  const files = path.filter(
    (step: JourneyStep) => step.answer && graph.pages.get(step.pageKey)?.question?.kind === 'file',
  );
  for (const step of files) if (!(await holds(db, row.id, step.answer!.answerValue))) throw fileGone();
});
