import argon2 from 'argon2';

/**
 * argon2id costs. `standard` is argon2's own default (64 MiB, 3 passes, 4 lanes), well above OWASP's
 * floor; `minimum` is OWASP's floor for argon2id (19 MiB, 2 passes, 1 lane), a fifth of the work,
 * which the test suites use so that hundreds of sign-ins share two cores with the browser. A hash
 * records its own costs, so a password hashed at one cost is verified whatever the setting is now.
 */
const COSTS = {
  standard: { memoryCost: 65_536, timeCost: 3, parallelism: 4 },
  minimum: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
} as const;

export type PasswordHashCost = keyof typeof COSTS;

/** PASSWORD_HASH_COST: `standard` unless set to `minimum`. */
export function passwordHashCostFrom(value: string | undefined): PasswordHashCost {
  if (value === undefined || value === '' || value === 'standard') return 'standard';
  if (value === 'minimum') return 'minimum';
  throw new Error(`PASSWORD_HASH_COST must be "standard" or "minimum", not "${value}"`);
}

/** A new argon2id hash at the cost PASSWORD_HASH_COST names when it is made. */
export const hashPassword = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, ...COSTS[passwordHashCostFrom(process.env.PASSWORD_HASH_COST)] });

/** False for a wrong password and for a stored hash argon2 cannot read. */
export const passwordMatches = (hash: string, password: string) =>
  argon2.verify(hash, password).catch(() => false);

let decoy: Promise<string> | undefined;
/** The same argon2 work as a real check, for an unknown or paused account, so their timing is alike. */
export async function verifyAgainstDecoy(password: string) {
  decoy ??= hashPassword('decoy-password-for-timing');
  await passwordMatches(await decoy, password);
}
