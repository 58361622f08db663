import type { ContentAccessKeyPayload } from './access-key';
import type { VisibilityField, VisibilityKey } from './visibility';

export const browserWordingFlags = [
  'Firefox',
  'Opera',
  'Microsoft Edge',
  'Chrome',
  'Safari',
  'Internet Explorer',
  'Unknown',
] as const;
export const platformWordingFlags = ['Windows', 'iPhone', 'Mac', 'Android'] as const;

/** Spec section 5: wording flags keep only letters, digits, space, underscore and colon. */
export const sanitiseWordingFlag = (flag: string) => flag.replace(/[^A-Za-z0-9 _:]/g, '');

const clientFlags = new Set<string>([...browserWordingFlags, ...platformWordingFlags]);

/** The only flags a client may add to a signed key: its browser and platform, sanitised. */
export function acceptedClientWordingFlags(flags: readonly string[]): string[] {
  return [...new Set(flags.map(sanitiseWordingFlag).filter((flag) => clientFlags.has(flag)))];
}

/**
 * What visibility rules are evaluated against: the signed key's fields and flags (with `HASAVC` for a
 * member with additional voluntary contributions), plus the client's accepted ones.
 */
export function visibilityKeyOf(
  payload: Pick<ContentAccessKeyPayload, VisibilityField | 'hasAdditionalContributions' | 'wordingFlags'>,
  clientFlags: readonly string[] = [],
): VisibilityKey {
  return {
    fields: {
      schemeType: payload.schemeType,
      memberStatus: payload.memberStatus,
      lifeStage: payload.lifeStage,
      dcLifeStage: payload.dcLifeStage,
      retirementApplicationStatus: payload.retirementApplicationStatus,
      transferApplicationStatus: payload.transferApplicationStatus,
    },
    wordingFlags: [
      ...payload.wordingFlags,
      ...(payload.hasAdditionalContributions ? ['HASAVC'] : []),
      ...acceptedClientWordingFlags(clientFlags),
    ],
  };
}
