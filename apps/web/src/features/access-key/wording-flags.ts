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
  // The existing portal has no iPad flag: an iPad (or iPod) gets the iPhone wording.
  ['iPhone', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['Mac', /Macintosh|Mac OS X/],
];

/**
 * The browser and platform wording flags the client adds to its content requests (spec section 3).
 * An iPad's Safari names itself a Mac; a Mac with a touch screen (`maxTouchPoints` above 1) is an iPad.
 */
export function clientWordingFlags(userAgent: string, maxTouchPoints = 0): string[] {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Unknown';
  const named = platforms.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const platform = named === 'Mac' && maxTouchPoints > 1 ? 'iPhone' : named;
  return [browser, ...(platform ? [platform] : [])].map(sanitiseWordingFlag);
}
