// Breaks the layout on purpose (import-rules.test.ts): lib/ reaching up into components/.
import { ErrorSummary } from '../../components/ErrorSummary';

export const libReachesComponent = ErrorSummary;
