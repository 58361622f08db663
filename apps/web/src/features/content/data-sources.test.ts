import { beforeEach, describe, expect, it } from 'vitest';
import { singleAuthData } from '../../lib/session-storage';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { dataSourceUrls, loadDataSources } from './data-sources';

const timeToRetirement = '/mdp-api/api/members/current/time-to-retirement';
const quotes = '/mdp-api/api/v3/retirement/quotes?bypassCache=false';

beforeEach(quietConsole);

describe('data sources', () => {
  it('finds each valid data source of a page once, at any depth', () => {
    const blocks = [
      { type: 'richText', html: '', dataSourceUrl: timeToRetirement },
      { type: 'grid', blocks: [{ type: 'card', title: 'A', dataSourceUrl: quotes }] },
      {
        type: 'tabs',
        tabs: [{ label: 'B', blocks: [{ type: 'infoTile', dataSourceUrl: timeToRetirement }] }],
      },
      { type: 'richText', html: '', dataSourceUrl: 'https://evil.example/steal' },
    ];
    expect(dataSourceUrls(blocks)).toEqual([timeToRetirement, quotes]);
  });

  it('asks each for the chosen record, and keeps a failed one as null', async () => {
    singleAuthData.write({
      hasMultipleRecords: true,
      primaryBgroup: 'MER',
      primaryRefno: '0001234',
      linkedRefno: '0005678',
      linkedBgroup: 'MER',
    });
    const fetch = stubFetch((url) =>
      url.startsWith(timeToRetirement)
        ? jsonResponse(200, { timeToNormalRetirement: '5Y0M0W0D' })
        : jsonResponse(503, { errors: [{ code: 'calculation_unavailable' }] }),
    );
    const answers = await loadDataSources(
      [
        { type: 'richText', html: '', dataSourceUrl: timeToRetirement },
        { type: 'card', dataSourceUrl: quotes },
      ],
      new AbortController().signal,
    );
    expect(answers).toEqual({ [timeToRetirement]: { timeToNormalRetirement: '5Y0M0W0D' }, [quotes]: null });
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls).toEqual([timeToRetirement, '/mdp-api/api/v3/retirement/quotes?bypassCache=false']);
    const headers = new Headers(fetch.mock.calls[0]![1].headers);
    expect(headers.get('auth-reference-number')).toBe('0005678');
  });
});
