import { afterEach, describe, expect, it } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { actingAsLinkedRecord, linkedRecordQuery } from '../../testing/records';
import { journeyApi } from './journey-api';

describe('the application PDF link', () => {
  afterEach(() => singleAuthData.remove());

  it('names the linked record the member switched to, since a link sends no record headers', () => {
    singleAuthData.write(actingAsLinkedRecord);
    expect(journeyApi.pdfUrl('dbcoreretirementapplication')).toBe(
      `/mdp-api/api/journeys/dbcoreretirementapplication/pdf/download?${linkedRecordQuery}`,
    );
  });

  it('is the plain address before a record is known', () => {
    expect(journeyApi.pdfUrl('dbcoreretirementapplication')).toBe(
      '/mdp-api/api/journeys/dbcoreretirementapplication/pdf/download',
    );
  });
});
