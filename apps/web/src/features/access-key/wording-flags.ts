import { sanitiseWordingFlag } from '@meridian/contracts';

const browsers: Array<[string, RegExp]> = [
  ['Microsoft Edge', /Edg(e|A|iOS)?\//],
  ['Opera', /OPR\/|Opera/],
  ['Firefox', /Firefox\/|FxiOS/],
  ['Chrome', /Chrome\/|CriOS/],
  ['Safari', /Safari\//],
  ['Internet Explorer', /Trident\/|MSIE /],
];
const platforms: Array<[string, RegExp]> = [
  ['Android', /Android/],
  ['iPhone', /iPhone/],
  ['Windows', /Windows/],
  ['Mac', /Macintosh|Mac OS X/],
];

/** The browser and platform wording flags the client adds to its content requests (spec section 3). */
export function clientWordingFlags(userAgent: string): string[] {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Unknown';
  const platform = platforms.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return [browser, ...(platform ? [platform] : [])].map(sanitiseWordingFlag);
}
