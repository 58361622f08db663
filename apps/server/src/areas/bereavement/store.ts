import { eq } from 'drizzle-orm';
import { bereavementJourneys } from '../../db/schema';
import type { VisitorJourneyStore } from '../journeys/visitor-store';
import { reportFiles } from './documents';

/**
 * Reports of a death are walked as visitor journeys, kept in `bereavement.journeys`, with the files
 * the reporter uploads in `bereavement.documents` (documents.ts).
 */
export const bereavementStore: VisitorJourneyStore = {
  async find(db, tokenHash, lock) {
    const query = db.select().from(bereavementJourneys).where(eq(bereavementJourneys.tokenHash, tokenHash));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },
  async insert(db, values) {
    const [row] = await db
      .insert(bereavementJourneys)
      .values({ ...values, steps: [] })
      .returning();
    return row!;
  },
  async update(db, id, change) {
    await db.update(bereavementJourneys).set(change).where(eq(bereavementJourneys.id, id));
  },
  async sent(db, caseNumber) {
    const [row] = await db
      .select()
      .from(bereavementJourneys)
      .where(eq(bereavementJourneys.caseNumber, caseNumber));
    return row;
  },
  files: reportFiles,
};
