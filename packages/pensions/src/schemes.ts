import type { IsoDate } from './dates';
import { roundTo } from './money';
import {
  parseSchemeConfig,
  type DbSchemeConfig,
  type DcSchemeConfig,
  type SchemeConfig,
} from './scheme-config';
import bdb2026 from '../schemes/BDB-2026.1.json';
import bdc2026 from '../schemes/BDC-2026.1.json';
import mdb2026 from '../schemes/MDB-2026.1.json';
import mdc2026 from '../schemes/MDC-2026.1.json';

/** Bundled scheme configuration, one file per scheme version; imported statically so browsers can use it too. */
const BUNDLED: readonly unknown[] = [mdb2026, mdc2026, bdb2026, bdc2026];

let registry: Map<string, SchemeConfig[]> | undefined;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Validated on first use; a bad file fails loudly, naming the field. */
function loadRegistry(): Map<string, SchemeConfig[]> {
  if (registry) return registry;
  const map = new Map<string, SchemeConfig[]>();
  for (const raw of BUNDLED) {
    const config = deepFreeze(parseSchemeConfig(raw));
    map.set(config.code, [...(map.get(config.code) ?? []), config]);
  }
  for (const versions of map.values()) versions.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  registry = map;
  return map;
}

export class UnknownSchemeError extends Error {
  constructor(readonly schemeCode: string) {
    super(`No configuration for scheme ${schemeCode}`);
    this.name = 'UnknownSchemeError';
  }
}

/** The scheme's configuration in force on a date (default: the newest version). */
export function getSchemeConfig(code: string, on?: IsoDate): SchemeConfig {
  const versions = loadRegistry().get(code);
  const inForce = versions?.filter((v) => !on || v.effectiveFrom <= on);
  const config = inForce?.at(-1) ?? versions?.[0];
  if (!config) throw new UnknownSchemeError(code);
  return config;
}

export function getDbSchemeConfig(code: string, on?: IsoDate): DbSchemeConfig {
  const config = getSchemeConfig(code, on);
  if (config.kind !== 'DB') throw new TypeError(`Scheme ${code} is not a DB scheme`);
  return config;
}

export function getDcSchemeConfig(code: string, on?: IsoDate): DcSchemeConfig {
  const config = getSchemeConfig(code, on);
  if (config.kind !== 'DC') throw new TypeError(`Scheme ${code} is not a DC scheme`);
  return config;
}

/**
 * A fund's annual management charge in percent of the value held (`charge` 0.0035 is 0.35), as the scheme
 * lists it: the one source of the charge, for what a member is shown and what projections take; null for a
 * fund the scheme does not list. To 4 places, as 0.0035 × 100 is 0.35000000000000003 in binary.
 */
export function fundChargePercent(config: DcSchemeConfig, fundCode: string): number | null {
  const fund = config.funds.find((candidate) => candidate.code === fundCode);
  return fund ? roundTo(fund.charge * 100, 4) : null;
}

/**
 * The DC scheme versions of a tenant's business groups that its content must fit: each such scheme's
 * version in force on `today` and its newest (once when they are the same), with the scheme's code.
 */
export function dcSchemeVersionsOf(
  businessGroups: readonly string[],
  today: IsoDate,
): Array<{ code: string; config: DcSchemeConfig }> {
  return schemeCodes().flatMap((code) =>
    [...new Set([getSchemeConfig(code, today), getSchemeConfig(code)])]
      .filter((config): config is DcSchemeConfig => config.kind === 'DC')
      .filter((config) => businessGroups.includes(config.tenant.businessGroup))
      .map((config) => ({ code, config })),
  );
}

export function schemeCodes(): string[] {
  return [...loadRegistry().keys()].sort();
}
