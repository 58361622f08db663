import { beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../lib/api';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { globalsAndTokens } from './content-loader';

beforeEach(quietConsole);

/** Answers the globals and tokens, counting each; the tokens say how many times they were asked. */
function stubGlobalsAndTokens() {
  let tokenReads = 0;
  const fetch = stubFetch((url, init) => {
    if (init.method === 'POST') return new Response(null, { status: 204 });
    if (url.includes('/authorized-globals'))
      return jsonResponse(200, { labels: [{ labelKey: 'scheme', labelText: 'Meridian' }] });
    tokenReads += 1;
    return jsonResponse(200, { tokens: { reads: String(tokenReads) }, figuresUnavailable: false });
  });
  const asked = (path: string) => fetch.mock.calls.filter(([url]) => String(url).includes(path)).length;
  return { asked };
}

describe('the globals and tokens of an access key', () => {
  it('are asked for once when the frame and the page both want them', async () => {
    const { asked } = stubGlobalsAndTokens();
    const [frame, page] = await Promise.all([globalsAndTokens('key-1'), globalsAndTokens('key-1')]);
    const [, later] = await globalsAndTokens('key-1');
    expect(frame).toEqual(page);
    expect(later.tokens).toEqual({ reads: '1' });
    expect(asked('/authorized-globals')).toBe(1);
    expect(asked('/cms-token-information')).toBe(1);
  });

  it('are asked for again after a write, which may have changed the member’s figures', async () => {
    const { asked } = stubGlobalsAndTokens();
    await globalsAndTokens('key-1');
    await http.post('/mdp-api/api/some-change');
    const [, tokens] = await globalsAndTokens('key-1');
    expect(tokens.tokens).toEqual({ reads: '2' });
    expect(asked('/cms-token-information')).toBe(2);
  });

  it('answer no globals and unavailable figures when the reads fail', async () => {
    stubFetch(() => jsonResponse(500, { errors: [{ code: 'something_went_wrong', message: 'Boom' }] }));
    expect(await globalsAndTokens('key-1')).toEqual([null, { tokens: {}, figuresUnavailable: true }]);
  });
});
