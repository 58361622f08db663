import { afterEach, describe, expect, it } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { actingAsLinkedRecord, linkedRecordQuery } from '../../testing/records';
import { nominationPdfUrl } from './api';

describe('the nomination PDF link', () => {
  afterEach(() => singleAuthData.remove());

  it('names the linked record the member switched to, as the library download links do', () => {
    singleAuthData.write(actingAsLinkedRecord);
    expect(nominationPdfUrl()).toBe(
      `/mdp-api/api/members/current/beneficiaries/download?${linkedRecordQuery}`,
    );
  });

  it('is the plain address before a record is known', () => {
    expect(nominationPdfUrl()).toBe('/mdp-api/api/members/current/beneficiaries/download');
  });
});
