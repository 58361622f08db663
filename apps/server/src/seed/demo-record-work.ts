import { changeDefencesOf, journeyCopyOf, type JourneyStep } from '@meridian/contracts';
import { addDays, type IsoDate } from '@meridian/pensions';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { members, pendingBankChanges, tenants } from '../db/schema';
import { bereavementStore } from '../areas/bereavement/store';
import { openCase } from '../areas/cases/open-case';
import { answerLines } from '../areas/journeys/answers';
import { routeOf } from '../areas/journeys/engine';
import { loadJourneyGraph } from '../areas/journeys/repository';
import { saveBankChange } from '../areas/my-details/bank-changes';
import { findTenant } from '../areas/tenancy/tenant-repository';
import { displayDate } from '../lib/display';
import type { Messaging } from '../lib/messaging';
import { renderApplicationPdf } from '../lib/pdf/application-pdf';
import { demoPersonas } from './demo-personas';

/**
 * The console's work on members' records, so its Bank changes and Reports of a death pages have a row
 * on a fresh demo: db.pensioner's change of bank account, held in the cooling-off after they moved house
 * three days before the seed day (made by saveBankChange, as the member's own change is held, and told to
 * every route), and a relative's report of the death of bw.reported, sent to Bluewater the day before
 * and not yet matched. Each is seeded once: a release, cancel or match is never undone by a restart.
 */
const HELD = {
  username: 'bw.pensioner',
  accountName: 'Morag Sinclair',
  sortCode: '401276',
  accountNumber: '31926819',
};
const REPORTED = 'bw.reported';
/** The seeded report's token: no visitor holds it, so only staff reach the report. */
const REPORT_TOKEN = 'demo-seeded-report';
const DAY_MS = 86_400_000;

const recordOf = (username: string) => {
  const persona = demoPersonas.find((candidate) => candidate.username === username)!;
  return { persona, record: persona.records[0]! };
};

async function seedHeldBankChange(db: Database, messaging: Messaging, log: FastifyBaseLogger) {
  const { persona, record } = recordOf(HELD.username);
  const key = { businessGroup: record.businessGroup, referenceNumber: record.referenceNumber };
  const [any] = await db
    .select({ id: pendingBankChanges.id })
    .from(pendingBankChanges)
    .where(
      and(
        eq(pendingBankChanges.businessGroup, key.businessGroup),
        eq(pendingBankChanges.referenceNumber, key.referenceNumber),
      ),
    )
    .limit(1);
  if (any) return;
  const tenant = await findTenant(db, persona.tenantHost);
  const movedAt = new Date(Date.now() - 3 * DAY_MS);
  const notices = await db.transaction(async (tx) => {
    const [member] = await tx
      .update(members)
      .set({ addressChangedAt: movedAt })
      .where(
        and(eq(members.businessGroup, key.businessGroup), eq(members.referenceNumber, key.referenceNumber)),
      )
      .returning();
    const saved = await saveBankChange(
      tx,
      log,
      member!,
      {
        kind: 'uk',
        accountName: HELD.accountName,
        sortCode: HELD.sortCode,
        accountNumber: HELD.accountNumber,
      },
      changeDefencesOf(tenant),
      tenant?.tenantName ?? 'your pension scheme',
    );
    return saved.notices;
  });
  await messaging.deliverQueued(notices);
}

const answered = (
  pageKey: string,
  nextPageKey: string,
  questionKey: string,
  answerValue: unknown,
  at: Date,
) => ({
  pageKey,
  nextPageKey,
  answer: {
    questionKey,
    answerKey: typeof answerValue === 'string' ? answerValue : 'provided',
    answerValue: typeof answerValue === 'string' ? null : JSON.stringify(answerValue),
  },
  checkboxesLists: {},
  stepData: {},
  submittedAt: at.toISOString(),
  updatedAt: at.toISOString(),
});

async function seedUnmatchedDeathReport(db: Database, today: IsoDate) {
  const seeded = await bereavementStore.find(db, REPORT_TOKEN);
  if (seeded) return;
  const { persona, record } = recordOf(REPORTED);
  const [member] = await db
    .select({ dateOfBirth: members.dateOfBirth })
    .from(members)
    .where(
      and(
        eq(members.businessGroup, record.businessGroup),
        eq(members.referenceNumber, record.referenceNumber),
      ),
    );
  if (!member) return;
  const sentAt = new Date(Date.now() - DAY_MS);
  const graph = await loadJourneyGraph(db, persona.tenantHost, 'bereavement');
  const steps = [
    answered(
      'bw_br_deceased',
      'bw_br_date_of_death',
      'deceased',
      {
        forenames: persona.forenames,
        surname: persona.surname,
        dateOfBirth: member.dateOfBirth,
      },
      sentAt,
    ),
    answered('bw_br_date_of_death', 'bw_br_ni_known', 'date_of_death', addDays(today, -4), sentAt),
    answered('bw_br_ni_known', 'bw_br_reference_known', 'ni_known', 'no', sentAt),
    answered('bw_br_reference_known', 'bw_br_reference', 'reference_known', 'yes', sentAt),
    answered(
      'bw_br_reference',
      'bw_br_reporter',
      'deceased_scheme_reference',
      record.referenceNumber,
      sentAt,
    ),
    answered(
      'bw_br_reporter',
      'bw_br_reporter_email',
      'reporter',
      { relationship: 'Child', forenames: 'Eilidh', surname: persona.surname, phone: '+447700900412' },
      sentAt,
    ),
    answered(
      'bw_br_reporter_email',
      'bw_br_email_code',
      'reporter_email',
      'eilidh.stewart@example.org',
      sentAt,
    ),
  ] as unknown as JourneyStep[];
  const { definition } = graph;
  const [tenant] = await db
    .select({ businessGroups: tenants.businessGroups })
    .from(tenants)
    .where(eq(tenants.tenantUrl, persona.tenantHost));
  await db.transaction(async (tx) => {
    const { caseNumber, pdf } = await openCase(
      tx,
      {
        record: { businessGroup: tenant?.businessGroups[0] ?? record.businessGroup, referenceNumber: null },
        caseType: definition.caseType,
        title: definition.title,
        journeyType: definition.type,
        now: sentAt,
      },
      (caseNumber) =>
        renderApplicationPdf({
          title: journeyCopyOf(definition.copy).pdfTitle ?? definition.title,
          caseNumber,
          submittedOn: displayDate(sentAt.toISOString()),
          sections: [
            {
              heading: 'Your answers',
              lines: answerLines(graph, routeOf(graph, steps).path, { identity: 'not_started' }),
            },
          ],
        }),
    );
    const summaryPdf = Buffer.from(pdf).toString('base64');
    const journey = await bereavementStore.insert(tx, {
      tenantUrl: persona.tenantHost,
      type: definition.type,
      tokenHash: REPORT_TOKEN,
      expiresAt: sentAt,
      choice: null,
    });
    await bereavementStore.update(tx, journey.id, {
      steps,
      status: 'Submitted',
      startedAt: sentAt,
      updatedAt: sentAt,
      submittedAt: sentAt,
      caseNumber,
      summaryPdf,
    });
  });
}

/** Seeds the held bank change and the unmatched report of a death, each once (see above). */
export async function seedDemoRecordWork(
  db: Database,
  messaging: Messaging,
  log: FastifyBaseLogger,
  today: IsoDate,
): Promise<void> {
  await seedHeldBankChange(db, messaging, log);
  await seedUnmatchedDeathReport(db, today);
}
