import { describe, expect, it } from 'vitest';
import { holdsAccount } from '../../src/areas/my-details/bank-accounts';

describe('an account in the member’s name', () => {
  it.each([
    ['Mrs M Hughes', 'Hughes'],
    ['HUGHES M.', 'Hughes'],
    ['Graham Fletcher', 'Fletcher'],
    ['J Smith-Jones', 'Smith-Jones'],
    ['Ana van der Berg', 'van der Berg'],
    ['Zoë Brontë', 'Bronte'],
    ['Fletcher, G', 'Fletcher'],
  ])('%s holds %s’s account', (accountName, surname) => {
    expect(holdsAccount(accountName, surname)).toBe(true);
  });

  it.each([
    ['Mallory Fletcher-Attacker', 'Fletcher'],
    ['Mallory Fletchers', 'Fletcher'],
    ['John Smith', 'Smith-Jones'],
    ['Berg van der', 'van der Berg'],
    ['Anyone', ''],
  ])('%s does not hold %s’s account', (accountName, surname) => {
    expect(holdsAccount(accountName, surname)).toBe(false);
  });
});
