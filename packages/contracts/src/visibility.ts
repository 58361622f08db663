/** The access-key fields a visibility rule may test. */
export const visibilityFields = [
  'schemeType',
  'memberStatus',
  'lifeStage',
  'dcLifeStage',
  'retirementApplicationStatus',
  'transferApplicationStatus',
] as const;
export type VisibilityField = (typeof visibilityFields)[number];

export type VisibilityRule =
  | { all: VisibilityRule[] }
  | { any: VisibilityRule[] }
  | { not: VisibilityRule }
  | { field: VisibilityField; in: string[] }
  | { flag: string };

/**
 * What a rule is evaluated against. A field left out (or flags left out) is unknown, as on a public
 * page; a field that is null is known to be empty, so it matches no `in` list.
 */
export interface VisibilityKey {
  fields: Partial<Record<VisibilityField, string | null>>;
  wordingFlags?: readonly string[];
}

/** The key of someone not signed in: every condition is unknown, so any block with a condition hides. */
export const publicVisibilityKey: VisibilityKey = { fields: {} };

/**
 * Whether the rule holds for the key, three-valued: undefined is "unknown", and `not` of unknown stays
 * unknown. Journey conditions evaluate their `field` and `flag` tests with it.
 */
export function visibilityTruth(rule: VisibilityRule, key: VisibilityKey): boolean | undefined {
  if ('all' in rule) return combine(rule.all, key, false);
  if ('any' in rule) return combine(rule.any, key, true);
  if ('not' in rule) {
    const inner = visibilityTruth(rule.not, key);
    return inner === undefined ? undefined : !inner;
  }
  if ('field' in rule) {
    const value = key.fields[rule.field];
    if (value === undefined) return undefined;
    return value !== null && rule.in.includes(value);
  }
  return key.wordingFlags?.includes(rule.flag);
}

/** `all` stops at the first false, `any` at the first true; otherwise unknown wins over the identity. */
function combine(rules: VisibilityRule[], key: VisibilityKey, decisive: boolean): boolean | undefined {
  let result: boolean | undefined = !decisive;
  for (const rule of rules) {
    const value = visibilityTruth(rule, key);
    if (value === decisive) return decisive;
    if (value === undefined) result = undefined;
  }
  return result;
}

/** True when the rule (if any) certainly holds for the key. Shared by the server and the web. */
export function evaluateVisibility(rule: VisibilityRule | undefined, key: VisibilityKey): boolean {
  return rule === undefined || visibilityTruth(rule, key) === true;
}
