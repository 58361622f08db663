// Breaks the server's layout on purpose (apps/web/src/import-rules.test.ts): the journey engine
// importing a journey's area (retirement, once on the old list) and one no list names (payments).
import { choiceWords } from '../../retirement/application';
import { pensionPaymentsOf } from '../../payments/payroll';

export const known = [choiceWords, pensionPaymentsOf];
