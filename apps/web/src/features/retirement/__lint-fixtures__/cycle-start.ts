// Breaks the layout on purpose (import-rules.test.ts): one half of an import circle.
import { cycleEnd } from './cycle-end';

export const cycleStart = () => cycleEnd;
