// Breaks the bereavement schema's import rule on purpose (apps/web/src/import-rules.test.ts).
import { bereavementJourneys } from '../../../db/schema';
import { bereavementEmailFailures } from '../../../db/schema/bereavement';

export const reportsTable = bereavementJourneys;
export const emailFailuresTable = bereavementEmailFailures;
