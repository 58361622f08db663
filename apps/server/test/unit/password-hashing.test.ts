import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordHashCostFrom, passwordMatches } from '../../src/lib/password-hashing';

const setting = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  process.env.PASSWORD_HASH_COST = setting;
});

describe('password hashing', () => {
  it('hashes with argon2id at argon2 defaults unless told to use the OWASP floor', async () => {
    process.env.PASSWORD_HASH_COST = '';
    expect(await hashPassword('correct horse')).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    process.env.PASSWORD_HASH_COST = 'minimum';
    expect(await hashPassword('correct horse')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies a hash made at either cost, and refuses a wrong password or an unreadable hash', async () => {
    process.env.PASSWORD_HASH_COST = 'standard';
    const strong = await hashPassword('correct horse');
    process.env.PASSWORD_HASH_COST = 'minimum';
    expect(await passwordMatches(strong, 'correct horse')).toBe(true);
    expect(await passwordMatches(strong, 'battery staple')).toBe(false);
    expect(await passwordMatches('not a hash', 'correct horse')).toBe(false);
  });

  it('refuses a cost it does not know', () => {
    expect(passwordHashCostFrom(undefined)).toBe('standard');
    expect(() => passwordHashCostFrom('cheap')).toThrow(/standard.*minimum/);
  });
});
