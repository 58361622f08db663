// Breaks the bereavement schema's import rule on purpose (apps/web/src/import-rules.test.ts).
import { bereavementJourneys } from '../../../db/schema';

export const reportsTable = bereavementJourneys;
