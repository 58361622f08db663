import { afterEach, describe, expect, it } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { actingAsLinkedRecord, linkedRecordQuery } from '../../testing/records';
import { retirementApi } from './retirement-api';

describe('the retirement options PDF link', () => {
  afterEach(() => singleAuthData.remove());

  it('names the linked record the member switched to, as the library download links do', () => {
    singleAuthData.write(actingAsLinkedRecord);
    expect(retirementApi.summaryPdfPath('2027-03-01')).toBe(
      `/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=2027-03-01&${linkedRecordQuery}`,
    );
  });
});
