import { describe, expect, it } from 'vitest';
import {
  calculateTransferValue,
  currentQuote,
  dbMemberSchema,
  getDbSchemeConfig,
  isGuaranteed,
  isoDate,
  storeQuote,
} from '../src';

const d = isoDate;
const mdb = getDbSchemeConfig('MDB');
const member = dbMemberSchema.parse({
  status: 'Deferred',
  dateOfBirth: '1973-09-01',
  dateLeftScheme: '2022-10-01',
  benefits: { tranches: [{ code: 'POST09', annualPensionPence: 1_000_000 }] },
});

describe('stored quotes', () => {
  const first = calculateTransferValue(member, mdb, { today: d('2026-01-10') });
  const stored = storeQuote(first, { id: 'q-1', storedOn: d('2026-01-10') });

  it('are frozen, numbered, and keep a transfer quote’s own guarantee', () => {
    expect(stored).toMatchObject({ id: 'q-1', version: 1, guaranteedUntil: '2026-04-09' });
    expect(Object.isFrozen(stored.quote.tranches[0])).toBe(true);
    expect(isGuaranteed(stored, d('2026-04-09'))).toBe(true);
    expect(isGuaranteed(stored, d('2026-04-10'))).toBe(false);
  });

  it('keep their figures while guaranteed, then become a new version', () => {
    const recalc = (today: string) => () => calculateTransferValue(member, mdb, { today: d(today) });
    expect(currentQuote(stored, d('2026-03-01'), recalc('2026-03-01'))).toBe(stored);
    const next = currentQuote(stored, d('2026-10-01'), recalc('2026-10-01'));
    expect(next).toMatchObject({
      id: 'q-1',
      version: 2,
      storedOn: '2026-10-01',
      guaranteedUntil: '2026-12-31',
    });
    // a year of revaluation later the value has moved
    expect(next.quote.transferValuePence).not.toBe(stored.quote.transferValuePence);
  });

  it('are unguaranteed by default for retirement quotes', () => {
    const plain = storeQuote(
      { ...first, kind: 'transfer' },
      { id: 'q-2', storedOn: d('2026-01-10'), guaranteedUntil: null },
    );
    expect(isGuaranteed(plain, d('2026-01-10'))).toBe(false);
  });
});
