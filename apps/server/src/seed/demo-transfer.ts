import { addDays, createLocalCalculationProvider, getSchemeConfig, type IsoDate } from '@meridian/pensions';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedTransferQuotes } from '../db/schema';
import type { DocumentLibrary } from '../areas/documents/library';
import { issueTransferStatement } from '../areas/transfer-value/statement';
import { demoPersonas } from './demo-personas';

/**
 * The statements of entitlement demo members asked for on /transfer (`transferStatementAskedDaysAgo`),
 * issued as the route issues them: the guaranteed quote, the TVS case and the transfer pack. Once: a
 * record with any stored quote is left as it is, so restarts add nothing.
 */
export async function seedDemoTransferStatements(db: Database, library: DocumentLibrary, today: IsoDate) {
  const calculations = createLocalCalculationProvider();
  for (const { record, tenantUrl } of demoPersonas.flatMap((persona) =>
    persona.records.map((record) => ({ record, tenantUrl: persona.tenantHost })),
  )) {
    if (record.transferStatementAskedDaysAgo === undefined) continue;
    const key = { businessGroup: record.businessGroup, referenceNumber: record.referenceNumber };
    const [stored] = await db
      .select({ value: count() })
      .from(storedTransferQuotes)
      .where(
        and(
          eq(storedTransferQuotes.businessGroup, key.businessGroup),
          eq(storedTransferQuotes.referenceNumber, key.referenceNumber),
        ),
      );
    if ((stored?.value ?? 0) > 0) continue;
    const askedOn = addDays(today, -record.transferStatementAskedDaysAgo);
    await issueTransferStatement(
      { db, calculations, library, schemes: getSchemeConfig },
      {
        record: key,
        tenantUrl,
        today: askedOn,
        now: new Date(`${askedOn}T09:00:00.000Z`),
        acceptCharge: false,
      },
    );
  }
}
