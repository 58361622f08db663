import { describe, expect, it } from 'vitest';
import { countryOf, describePlace } from '../../src/areas/account/devices';

/** Where you are signed in: the country of an address from the offline table, never a look-up service. */
describe('approximate place of an address', () => {
  const here = '192.168.1.20';

  it('names the country of a known public address, as approximate', () => {
    expect(describePlace('81.2.69.142', here)).toBe('United Kingdom (approximate)');
    expect(describePlace('::ffff:81.2.69.142', here)).toBe('United Kingdom (approximate)');
    expect(describePlace('8.8.8.8', here)).toBe('United States (approximate)');
    expect(countryOf('2.16.0.1')).toBe('France');
  });

  it('falls back to the shortened address for documentation ranges and addresses the table does not know', () => {
    for (const [address, shown] of [
      ['192.0.2.44', '192.0.2.x'],
      ['198.51.100.77', '198.51.100.x'],
      ['203.0.113.9', '203.0.113.x'],
      ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3::/48'],
    ] as const) {
      expect(countryOf(address)).toBeNull();
      expect(describePlace(address, here)).toBe(shown);
    }
  });

  it('keeps This network, Local network and Unknown before any country', () => {
    expect(describePlace('81.2.69.142', '81.2.69.142')).toBe('This network');
    expect(describePlace('10.0.0.4', here)).toBe('Local network');
    expect(describePlace('fd00::1', here)).toBe('Local network');
    expect(describePlace(null, here)).toBe('Unknown');
    expect(describePlace('not an address', here)).toBe('Unknown');
    expect(countryOf('not an address')).toBeNull();
  });
});
