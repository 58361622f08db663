import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  judgePassword,
  passwordScorerOptions,
  personalPasswordInputs,
  type PersonalDetailsForPassword,
} from '@meridian/contracts';
import { badRequest } from '../../lib/errors';
import { passwordMatches } from '../../lib/password-hashing';

let scorer: ZxcvbnFactory | undefined;

/** The shared password rule (packages/contracts account.ts) with the dictionaries, built on first use. */
export function judgeNewPassword(password: string, details: PersonalDetailsForPassword) {
  scorer ??= new ZxcvbnFactory(passwordScorerOptions(common, english));
  return judgePassword(scorer, password, personalPasswordInputs(details));
}

/** A member's new password may be none of their last this many (the current one among them). */
export const PASSWORDS_REMEMBERED = 5;

/**
 * Refuses a new password the rule does not accept, with its reason (400 and the rule's code), and one
 * that is the password the account already has or one of the earlier ones kept (400 password_reused).
 */
export async function requireAcceptablePassword(
  password: string,
  details: PersonalDetailsForPassword,
  currentHash: string,
  earlierHashes: readonly string[] = [],
) {
  const judged = judgeNewPassword(password, details);
  if (!judged.ok) throw badRequest(judged.code, judged.reason);
  if (await passwordMatches(currentHash, password)) {
    throw badRequest('password_reused', 'Your new password must be different from the one you have now');
  }
  for (const earlier of earlierHashes) {
    if (await passwordMatches(earlier, password))
      throw badRequest(
        'password_reused',
        `Your new password must be different from your last ${PASSWORDS_REMEMBERED} passwords`,
      );
  }
}
