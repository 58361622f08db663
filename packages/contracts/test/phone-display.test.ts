import { describe, expect, it } from 'vitest';
import { phoneNumberAsDialled } from '../src/phone-display';

describe('a phone number as dialled', () => {
  it('shows a UK number in national format, spaced as it is dialled', () => {
    expect(phoneNumberAsDialled('+447911123456')).toBe('07911 123456');
    expect(phoneNumberAsDialled('+442079460001')).toBe('020 7946 0001');
    // An Isle of Man mobile is dialled from the UK as a UK number.
    expect(phoneNumberAsDialled('+447624123456')).toBe('07624 123456');
  });

  it('shows any other number in international format', () => {
    expect(phoneNumberAsDialled('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(phoneNumberAsDialled('+353851234567')).toBe('+353 85 123 4567');
  });

  it('leaves a number it cannot read as it is', () => {
    expect(phoneNumberAsDialled('not a number')).toBe('not a number');
    expect(phoneNumberAsDialled('')).toBe('');
  });
});
