import { describe, expect, it } from 'vitest';
import { dcOptionCodes, dcOptionText } from '@meridian/contracts';
import { DC_EXPLORE_OPTION_CODES } from '@meridian/pensions';

// The contracts (which the browser loads) and the calculation engine do not depend on each other, so
// each lists the DC options; the server, which uses both, holds them to the same list in the same order.
describe('the DC option codes', () => {
  it('are the same in the contracts and the calculation engine, and each has its words', () => {
    expect([...dcOptionCodes]).toEqual([...DC_EXPLORE_OPTION_CODES]);
    expect(Object.keys(dcOptionText).sort()).toEqual([...dcOptionCodes].sort());
  });
});
