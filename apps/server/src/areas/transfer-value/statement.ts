import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  SCAM_WARNING_MESSAGE,
  webAppPaths,
  type TransferStatementResponse,
  type VisibilityKey,
} from '@meridian/contracts';
import {
  statementEntitlement,
  type CalculationProvider,
  type IsoDate,
  type SchemeLookup,
  type TransferQuoteRequest,
} from '@meridian/pensions';
import type { Database } from '../../db/client';
import { storedTransferQuotes, users } from '../../db/schema';
import { displayDate, displayPounds } from '../../lib/display';
import { fullNameOf } from '../../lib/pdf/application-pdf';
import { queueServiceNotice, withAccountEmail } from '../../lib/service-notices';
import { calculated, calculationMember } from '../member-data/calculations';
import { openCase } from '../cases/open-case';
import { globalMessage } from '../content/global-messages';
import type { DocumentLibrary } from '../documents/library';
import type { MemberRecord } from '../documents/repository';
import { memberFor } from '../journeys/lifecycle';
import { moveOpenApplication, transferApplicationGraph } from '../transfer-application/journey-plugin';
import { renderTransferPack } from './pack';
import {
  avcFundOf,
  freeStatementNotDue,
  keptBenefits,
  statementsIssuedInYear,
  transferBasisOf,
} from './position';

/** The case type of a statement of entitlement, as My requests shows it. */
export const TRANSFER_STATEMENT_CASE_TYPE = 'TVS';
const STATEMENT_TITLE = 'Transfer value statement of entitlement';
const PACK_TYPE = 'Transfer pack';

export interface StatementIssue {
  record: MemberRecord;
  /** The member's tenant, whose scam warning the pack carries. */
  tenantUrl: string;
  /** The day the value is worked out and guaranteed from. */
  today: IsoDate;
  /** When the case opens and the pack is filed. */
  now: Date;
  acceptCharge: boolean;
  /**
   * The member's content access key, for a transfer application whose conditions read it (the open
   * application moved onto the new statement is re-checked as the member's journey sees it).
   */
  accessKeyOf?: () => Promise<VisibilityKey>;
}

/**
 * Issues a statement of entitlement: the value worked out on `today` and guaranteed for 3 months, stored
 * with a TVS case (the charge recorded when it is not the free one) and the transfer pack filed in the
 * member's documents. 409 free_statement_not_due when it is not free and the charge is not accepted.
 * An open transfer application moves onto the new statement in the same transaction (docs/transfers.md,
 * "A guarantee that ends mid-application").
 */
export async function issueTransferStatement(
  deps: { db: Database; calculations: CalculationProvider; library: DocumentLibrary; schemes: SchemeLookup },
  { record, tenantUrl, today, now, acceptCharge, accessKeyOf }: StatementIssue,
): Promise<TransferStatementResponse> {
  const { db, calculations } = deps;
  const basis = await transferBasisOf(db, record, today, deps.schemes);
  // Worked out before the transaction: a remote calculation must not hold the record's lock.
  const [quote, keep, scamWarning] = await Promise.all([
    calculated(
      calculations.transferQuote({
        schemeCode: basis.scheme.code,
        today,
        guaranteeDate: today,
        member: calculationMember(basis.member) as TransferQuoteRequest['member'],
      }),
    ),
    keptBenefits(db, calculations, basis, today),
    globalMessage(db, tenantUrl, SCAM_WARNING_MESSAGE),
  ]);
  // Read before the transaction too: on PGlite the pool's one connection is the transaction's.
  const application = await transferApplicationGraph(db, tenantUrl, accessKeyOf);
  const avcFundPence = avcFundOf(basis.member);
  const issued = await db.transaction(async (tx) => {
    // One statement at a time per record: two requests at once cannot both be the free one.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${record.businessGroup}/${record.referenceNumber}/${TRANSFER_STATEMENT_CASE_TYPE}`}))`,
    );
    const entitlement = statementEntitlement(
      basis.config,
      await statementsIssuedInYear(tx, record, today),
      today,
    );
    const chargePence = entitlement.chargePence;
    if (chargePence === null || (!entitlement.freeNow && !acceptCharge))
      throw freeStatementNotDue(
        displayDate(entitlement.nextFreeOn!),
        chargePence === null ? null : displayPounds(chargePence),
      );
    const [stored] = await tx
      .insert(storedTransferQuotes)
      .values({
        ...record,
        storedOn: today,
        guaranteedUntil: quote.guaranteedUntil,
        quote,
        chargePence: chargePence > 0 ? chargePence : null,
      })
      .returning({ id: storedTransferQuotes.id });
    if (application)
      await moveOpenApplication(tx, application, {
        record,
        statement: { id: stored!.id, quote, guaranteedUntil: quote.guaranteedUntil },
        member: basis.member,
        today,
        now,
      });
    const opened = await openCase(
      tx,
      {
        record,
        caseType: TRANSFER_STATEMENT_CASE_TYPE,
        title: STATEMENT_TITLE,
        journeyType: 'transfer-value',
        documents: [
          { name: 'Statement of entitlement and transfer pack', status: 'complete' },
          ...(chargePence > 0
            ? [{ name: `Payment of the ${displayPounds(chargePence)} charge`, status: 'outstanding' }]
            : []),
        ],
        now,
      },
      (caseNumber) =>
        renderTransferPack({
          member: basis.member,
          quote,
          issuedOn: today,
          avcFundPence,
          keep,
          chargePence,
          caseNumber,
          scamWarning,
        }),
    );
    await tx
      .update(storedTransferQuotes)
      .set({ caseNumber: opened.caseNumber })
      .where(eq(storedTransferQuotes.id, stored!.id));
    return { ...opened, chargePence };
  });
  const document = await deps.library.addPortalDocument(record, {
    name: `transfer-pack-${today}.pdf`,
    type: PACK_TYPE,
    kind: 'quote',
    bytes: issued.pdf,
    receivedAt: now,
  });
  return {
    caseNumber: issued.caseNumber,
    issuedOn: today,
    guaranteedUntil: quote.guaranteedUntil,
    transferValuePence: quote.transferValuePence,
    chargePence: issued.chargePence,
    document,
  };
}

/**
 * Tells the signed-in member their statement is ready, once its pack is filed in their documents: a
 * service notice (the way they chose in How we contact you, the account's email standing in for a
 * record without one, else a letter) naming the case, the day the value is guaranteed until and where
 * Documents is on the site they asked on. The value itself is read signed in, as a case's note is.
 */
export async function tellStatementReady(
  db: Database,
  request: FastifyRequest,
  issued: Pick<TransferStatementResponse, 'caseNumber' | 'guaranteedUntil'>,
) {
  const [{ member }, [user]] = await Promise.all([
    memberFor(db, request),
    db.select({ email: users.email }).from(users).where(eq(users.id, request.member!.userId)),
  ]);
  const documents = `${request.protocol}://${request.host}${webAppPaths.documents}`;
  const queued = await queueServiceNotice(db, request.log, withAccountEmail(member, user), {
    subject: 'Your transfer statement is ready',
    body: `Dear ${fullNameOf(member)},\n\nYour statement of entitlement (${issued.caseNumber}) is ready. Its transfer value is guaranteed until ${displayDate(issued.guaranteedUntil)}. Sign in and open Documents to read your transfer pack: ${documents}`,
  });
  await request.server.messaging.deliverQueued(queued);
}
