import { describe, expect, it } from 'vitest';
import { passesModulusCheck } from '../../src/areas/my-details/bank-accounts';

/** VocaLink's published test cases ("Validating account numbers", appendix): sort code, account, expected. */
const vocalinkCases: Array<[string, string, boolean, string]> = [
  ['089999', '66374958', true, 'pass modulus 10 check'],
  ['107999', '88837491', true, 'pass modulus 11 check'],
  ['202959', '63748472', true, 'pass modulus 11 and double alternate checks'],
  ['871427', '46238510', true, 'exceptions 10 and 11: first check passes, second fails'],
  ['872427', '46238510', true, 'exceptions 10 and 11: first check fails, second passes'],
  ['871427', '09123496', true, 'exceptions 10 and 11: both pass'],
  ['871427', '99123496', true, 'exceptions 10 and 11: both pass, first two digits 99'],
  ['820000', '73688637', true, 'exception 3, c = 6 or 9, double alternate skipped'],
  ['827999', '73988638', true, 'exception 3, c not 6 or 9, both pass'],
  ['827101', '28748352', true, 'exception 3 with the second check'],
  ['134020', '63849203', true, 'exception 4 where the remainder equals the check digit'],
  ['118765', '64371389', true, 'exception 1: double alternate with 27 added'],
  ['200915', '41011166', true, 'exception 6: foreign currency account, check not made'],
  ['938611', '07806039', true, 'exception 5: first check passes'],
  ['938600', '42368003', true, 'exception 5: first check passes with sort code substitution'],
  ['938063', '55065200', true, 'exception 5: both checks pass'],
  ['772798', '99345694', true, 'exception 7: g = 9, first weights zeroed'],
  ['086090', '06774744', true, 'exception 8: account number replaced by 090126'],
  ['309070', '02355688', true, 'exceptions 2 and 9: first check passes'],
  ['309070', '12345668', true, 'exceptions 2 and 9: a not 0, g not 9'],
  ['309070', '12345677', true, 'exceptions 2 and 9: a not 0, g = 9'],
  ['309070', '99345694', true, 'exceptions 2 and 9: a not 0, g = 9, b = 9'],
  ['938063', '15764273', false, 'exception 5: first check fails'],
  ['938063', '15764264', false, 'exception 5: first passes, second fails'],
  ['938063', '15763217', false, 'exception 5: first check fails on the check digit'],
  ['118765', '64371388', false, 'exception 1: fails'],
  ['203099', '66831036', false, 'first check passes, double alternate fails'],
  ['203099', '58716970', false, 'first check fails, double alternate passes'],
  ['089999', '66374959', false, 'fail modulus 10 check'],
  ['107999', '88837493', false, 'fail modulus 11 check'],
  ['074456', '12345112', true, 'exceptions 12 and 13: passes modulus 11'],
  ['070116', '34012583', true, 'exceptions 12 and 13: passes modulus 10 after failing 11'],
  ['074456', '11104102', true, 'exception 14: passes after removing the eighth digit'],
  ['180002', '00000190', true, 'exception 14: first check fails, second passes'],
];

describe('VocaLink modulus check', () => {
  it.each(vocalinkCases)('%s %s → %s (%s)', (sortCode, accountNumber, expected) => {
    expect(passesModulusCheck({ sortCode, accountNumber })).toBe(expected);
  });
});

/**
 * Rules VocaLink changed after the 2020 table (v640) that the check must follow (v8.50, June 2025):
 * 040006 got weights of its own (0 3 0 0 0 3 … in place of 2 1 2 1 2 1 …), and 040300–040329 were added
 * (modulus 10), where before any account number passed unchecked.
 */
const changedRules: Array<[string, string, boolean, string]> = [
  ['040006', '41926538', true, 'passes only under the new 040006 weights'],
  ['040006', '41926530', false, 'passed under the old 040006 weights, fails under the new'],
  ['040300', '41926537', true, 'in the range added for modulus 10, right check digit'],
  ['040300', '41926530', false, 'in the range added for modulus 10, wrong check digit (unchecked before)'],
];

describe('VocaLink modulus check with the current weight table', () => {
  it.each(changedRules)('%s %s → %s (%s)', (sortCode, accountNumber, expected) => {
    expect(passesModulusCheck({ sortCode, accountNumber })).toBe(expected);
  });
});
