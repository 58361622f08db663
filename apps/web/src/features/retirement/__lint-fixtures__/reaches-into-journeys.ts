// Breaks the layout on purpose (import-rules.test.ts): a feature reaching past another feature's index.ts.
import { StepForm } from '../../journeys/StepForm';

export const reachedIn = StepForm;
