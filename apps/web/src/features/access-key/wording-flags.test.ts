import { describe, expect, it } from 'vitest';
import { clientWordingFlags } from './wording-flags';

describe('client wording flags', () => {
  it('names the browser and the platform', () => {
    expect(
      clientWordingFlags(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toEqual(['Microsoft Edge', 'Windows']);
    expect(
      clientWordingFlags(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual(['Safari', 'iPhone']);
    expect(
      clientWordingFlags('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual(['Firefox']);
    expect(clientWordingFlags('curl/8.0')).toEqual(['Unknown']);
  });

  it('gives an iPad the iPhone flag, also when its Safari names itself a Mac', () => {
    expect(
      clientWordingFlags(
        'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual(['Safari', 'iPhone']);
    const desktopSafari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    expect(clientWordingFlags(desktopSafari, 5)).toEqual(['Safari', 'iPhone']);
    expect(clientWordingFlags(desktopSafari, 0)).toEqual(['Safari', 'Mac']);
  });
});
