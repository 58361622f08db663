import { ADVICE_THRESHOLD_TOKEN } from '@meridian/contracts';
import {
  TRANSFER_ADVICE_THRESHOLD_PENCE,
  UnknownSchemeError,
  type IsoDate,
  type SchemeLookup,
} from '@meridian/pensions';
import { displayLimitPounds } from '../../lib/display';

/** The content token the advice rule is worded with: `[[token:transfer_advice_threshold]]` reads `£30,000`. */
export const adviceThresholdTokens = (pence: number): Record<string, string> => ({
  [ADVICE_THRESHOLD_TOKEN]: displayLimitPounds(pence),
});

/**
 * The advice threshold for a record on the scheme: a DB scheme's `transfer.adviceThresholdPence`; for a DC
 * scheme (no safeguarded benefits of its own) or one this server does not know, the law's £30,000.
 */
export function schemeAdviceThresholdPence(
  schemes: SchemeLookup,
  schemeCode: string,
  today: IsoDate,
): number {
  try {
    const config = schemes(schemeCode, today);
    if (config.kind === 'DB') return config.transfer.adviceThresholdPence;
  } catch (error) {
    if (!(error instanceof UnknownSchemeError)) throw error;
  }
  return TRANSFER_ADVICE_THRESHOLD_PENCE;
}
