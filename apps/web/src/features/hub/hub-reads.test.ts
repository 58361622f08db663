import { describe, expect, it } from 'vitest';
import { hubReadsFor } from './hub-reads';

const QUOTES = '/mdp-api/api/v3/retirement/quotes';
const TIME = '/mdp-api/api/members/current/time-to-retirement';
const TRANSFER = '/mdp-api/api/retirement/transfer-quote';
const DC_POT = '/mdp-api/api/members/current/dc-pot';

describe('the reads the hub starts early', () => {
  it('asks a pensioner for the pension being paid and no quote, which the hub does not show them', () => {
    const reads = hubReadsFor({ memberStatus: 'Pensioner', schemeType: 'DB' });
    expect(reads).not.toContain(QUOTES);
    expect(reads).not.toContain(TIME);
    expect(reads).not.toContain(TRANSFER);
    expect(reads).toEqual(
      expect.arrayContaining([
        '/mdp-api/api/members/personal-details',
        '/mdp-api/api/members/current/pension-payments',
      ]),
    );
  });

  it('asks a deferred or active defined benefit member for their figures and transfer quote', () => {
    for (const memberStatus of ['Deferred', 'Active'])
      expect(hubReadsFor({ memberStatus, schemeType: 'DB' })).toEqual(
        expect.arrayContaining([QUOTES, TIME, TRANSFER]),
      );
  });

  it('asks a defined contribution member for their figures only', () => {
    for (const fields of [
      { memberStatus: 'Active', schemeType: 'DC' },
      { memberStatus: 'Deferred', schemeType: 'DC' },
    ]) {
      const reads = hubReadsFor(fields);
      expect(reads).toEqual(expect.arrayContaining([QUOTES, TIME]));
      expect(reads).not.toContain(TRANSFER);
    }
  });

  it('asks a defined contribution member for their pot today, which a defined benefit member has not', () => {
    expect(hubReadsFor({ memberStatus: 'Active', schemeType: 'DC' })).toContain(DC_POT);
    expect(hubReadsFor({ memberStatus: 'Deferred', schemeType: 'DB' })).not.toContain(DC_POT);
  });

  it('asks for every read when the access key does not describe the record (basic mode)', () => {
    expect(hubReadsFor({ memberStatus: null, schemeType: null })).toEqual(
      expect.arrayContaining([QUOTES, TIME, TRANSFER]),
    );
  });
});
