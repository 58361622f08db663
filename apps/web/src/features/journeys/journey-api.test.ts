import { afterEach, describe, expect, it, vi } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { actingAsLinkedRecord, linkedRecordQuery } from '../../testing/records';
import { jsonResponse, stubFetch } from '../../testing/render';
import { journeyApi, walkAsVisitor } from './journey-api';

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

describe('starting a journey already under way', () => {
  afterEach(() => vi.unstubAllGlobals());
  const inProgress = () =>
    jsonResponse(409, { errors: [{ code: 'journey_in_progress', message: 'One is under way' }] });

  it("carries on with a visitor's open journey, kept for its full time again", async () => {
    walkAsVisitor('requestacallback');
    const fetchMock = stubFetch((url) =>
      url.endsWith('/start') ? inProgress() : jsonResponse(200, { expiresAt: '2026-11-28T14:00:00.000Z' }),
    );
    await expect(journeyApi.start('requestacallback', 'cb_topic')).resolves.toEqual({
      expiresAt: '2026-11-28T14:00:00.000Z',
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/visitor/journeys/requestacallback/start',
      '/api/visitor/journeys/requestacallback/keep-alive',
    ]);
  });

  it("carries on with a member's open journey, and throws any other refusal", async () => {
    stubFetch(() => inProgress());
    await expect(journeyApi.start('dbcoreretirementapplication', 'ra_guidance')).resolves.toBeUndefined();
    stubFetch(() => jsonResponse(400, { errors: [{ code: 'quote_not_found', message: 'No quote' }] }));
    await expect(journeyApi.start('dbcoreretirementapplication', 'ra_guidance')).rejects.toThrow();
  });
});
