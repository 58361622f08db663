import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  dcSchemeVersionsOf,
  fundChargePercent,
  getDbSchemeConfig,
  getDcSchemeConfig,
  getSchemeConfig,
  isoDate,
  parseSchemeConfig,
  retirementDateRangeRules,
  schemeCodes,
  UnknownSchemeError,
} from '../src';
import mdbFile from '../schemes/MDB-2026.1.json';

describe('bundled scheme configuration', () => {
  it('loads the demo schemes by code, validated', () => {
    expect(schemeCodes()).toEqual(['BDB', 'BDC', 'MDB', 'MDC']);
    const mdb = getDbSchemeConfig('MDB');
    expect(mdb).toMatchObject({ kind: 'DB', tenant: { businessGroup: 'MER' }, version: '2026.1' });
    expect(mdb.ages).toEqual({
      earliestRetirementAge: 55,
      normalRetirementAge: 65,
      latestRetirementAge: 75,
      latestRetirementDate: null,
    });
    expect(getDbSchemeConfig('BDB')).toMatchObject({
      tenant: { name: 'Bluewater', businessGroup: 'BLU' },
      ages: { normalRetirementAge: 60 },
    });
    expect(getDcSchemeConfig('MDC').strategies.map((s) => s.code)).toContain('LIFESTYLE_DRAWDOWN');
  });

  it('picks the version in force on a date', () => {
    expect(getSchemeConfig('MDB', isoDate('2026-06-01')).version).toBe('2026.1');
  });

  it('gives each fund’s yearly charge in percent as the scheme lists it, without binary fractions', () => {
    const mdc = getDcSchemeConfig('MDC');
    expect(mdc.funds.map((fund) => fundChargePercent(mdc, fund.code))).toEqual([0.3, 0.4, 0.2, 0.1]);
    const bdc = getDcSchemeConfig('BDC');
    // 0.0035 × 100 is 0.35000000000000003
    expect(bdc.funds.map((fund) => fundChargePercent(bdc, fund.code))).toEqual([0.25, 0.35, 0.2, 0.12]);
    expect(fundChargePercent(mdc, 'BW_CASH')).toBeNull();
  });

  it('rejects unknown codes and the wrong kind', () => {
    expect(() => getSchemeConfig('XYZ')).toThrow(UnknownSchemeError);
    expect(() => getDbSchemeConfig('MDC')).toThrow(TypeError);
  });

  it('returns frozen configuration', () => {
    expect(Object.isFrozen(getDbSchemeConfig('MDB').commutationFactors)).toBe(true);
  });
});

describe('scheme retirement rules in configuration', () => {
  it('defaults to a 6-month window, the normal-or-today rule, no picker limits and no guaranteed quotes', () => {
    const mdb = getDbSchemeConfig('MDB');
    expect(retirementDateRangeRules(mdb)).toEqual({
      picker: 'to-latest',
      applicationWindow: { months: 6 },
      guaranteedQuotes: false,
      limits: { fromAge: null, toAge: null },
    });
    expect(mdb.effectiveDateRule).toBe('normal-or-today');
  });

  it('reads Bluewater’s 90-day window and window effective-date rule from its file', () => {
    const bdb = getDbSchemeConfig('BDB');
    expect(bdb.applicationWindow).toEqual({ days: 90 });
    expect(bdb.effectiveDateRule).toBe('within-application-window');
    expect(retirementDateRangeRules(bdb).picker).toBe('application-window');
  });

  it('takes picker limits and guaranteed quotes, and refuses a window in both units', () => {
    const crown = parseSchemeConfig({
      ...mdbFile,
      datePickerLimits: { fromAge: 55, toAge: 70 },
      guaranteedQuotes: true,
    });
    expect(retirementDateRangeRules(crown)).toMatchObject({
      limits: { fromAge: 55, toAge: 70 },
      guaranteedQuotes: true,
    });
    expect(() => parseSchemeConfig({ ...mdbFile, applicationWindow: { months: 6, days: 90 } })).toThrow(
      ZodError,
    );
    expect(() => parseSchemeConfig({ ...mdbFile, effectiveDateRule: 'tomorrow' })).toThrow(ZodError);
  });
});

describe('scheme configuration validation', () => {
  const broken = (patch: (raw: Record<string, unknown>) => void) => {
    const raw = structuredClone(mdbFile) as unknown as Record<string, unknown>;
    patch(raw);
    return () => parseSchemeConfig(raw);
  };

  it('names the bad field', () => {
    expect(
      broken(
        (raw) =>
          (raw.commutationFactors = [
            { age: 60, factor: 12 },
            { age: 55, factor: 13 },
          ]),
      ),
    ).toThrow(/ages must ascend/);
    expect(broken((raw) => ((raw.payments as { payDay: number }).payDay = 32))).toThrow(ZodError);
    expect(
      broken(
        (raw) =>
          ((raw.transfer as { factorsByAge: unknown[] }).factorsByAge = [
            { age: 50, factors: { PRE09: 10 } },
          ]),
      ),
    ).toThrow(/no transfer factor for POST09/);
    expect(broken((raw) => ((raw.ages as { normalRetirementAge: number }).normalRetirementAge = 50))).toThrow(
      /ERA ≤ NRA ≤ LRA/,
    );
  });

  it('checks DC allocations add up and name real funds', () => {
    const mdc = structuredClone(getDcSchemeConfig('MDC')) as unknown as {
      strategies: { glidePath: { allocation: Record<string, number> }[] }[];
    };
    mdc.strategies[0]!.glidePath[0]!.allocation = { GLOBAL_EQUITY: 0.9 };
    expect(() => parseSchemeConfig(mdc)).toThrow(/add up to 1/);
    mdc.strategies[0]!.glidePath[0]!.allocation = { NOPE: 1 };
    expect(() => parseSchemeConfig(mdc)).toThrow(/unknown fund NOPE/);
  });
});

describe('dcSchemeVersionsOf', () => {
  it('finds the DC schemes of the given business groups, one version each while only one is in force', () => {
    const today = isoDate('2026-11-30');
    expect(dcSchemeVersionsOf(['MER'], today).map(({ code }) => code)).toEqual(['MDC']);
    expect(dcSchemeVersionsOf(['BLU', 'MER'], today).map(({ code }) => code)).toEqual(['BDC', 'MDC']);
    expect(dcSchemeVersionsOf(['NONE'], today)).toEqual([]);
  });
});
