// Breaks the layout on purpose (import-rules.test.ts): the other half of an import circle.
import { cycleStart } from './cycle-start';

export const cycleEnd = () => cycleStart;
