// Breaks the server's layout rule on purpose: lib/ importing an area (apps/web/src/import-rules.test.ts).
import { twoStepOn } from '../../areas/two-step/service';

export const reachesUp = twoStepOn;
