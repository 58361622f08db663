import { describe, expect, it } from 'vitest';
import {
  judgePassword,
  passwordScorerOptions,
  personalPasswordInputs,
  type PasswordScore,
  type PasswordScorer,
} from '../src/account';

/** A scorer that answers what it is told, recording the user inputs it was given. */
function scorerAnswering(score: number, warning: string | null = null) {
  const seen: (string | number)[][] = [];
  const scorer: PasswordScorer = {
    check(_password, userInputs = []): PasswordScore {
      seen.push(userInputs);
      return { score, feedback: { warning, suggestions: ['Add another word or two.'] } };
    },
  };
  return { scorer, seen };
}

const margaret = {
  forenames: 'Margaret Ann',
  surname: 'Hughes',
  username: 'db.deferred',
  referenceNumber: '1000001',
  dateOfBirth: '1964-03-27',
};

describe('the password rule shared by the server and the browser', () => {
  it('turns the member’s details into lower-case user inputs, with the date of birth as people write it', () => {
    expect(personalPasswordInputs(margaret)).toEqual([
      'margaret',
      'ann',
      'hughes',
      'db.deferred',
      '1000001',
      '27031964',
      '270364',
      '19640327',
    ]);
    expect(personalPasswordInputs({ forenames: 'Al', surname: null })).toEqual([]);
  });

  it('refuses a short password, then one holding a personal detail, then a low score, each with its reason', () => {
    const inputs = personalPasswordInputs(margaret);
    const strong = scorerAnswering(4);
    expect(judgePassword(strong.scorer, 'short one', inputs)).toMatchObject({
      ok: false,
      code: 'password_too_short',
    });
    expect(judgePassword(strong.scorer, '            ', inputs)).toMatchObject({
      code: 'password_too_short',
    });
    expect(judgePassword(strong.scorer, 'HUGHES family garden', inputs)).toMatchObject({
      code: 'password_personal',
    });
    expect(judgePassword(strong.scorer, 'born 27031964 here', inputs)).toMatchObject({
      code: 'password_personal',
    });
    expect(judgePassword(strong.scorer, 'lantern orbit kettle', inputs)).toEqual({ ok: true, score: 4 });
    expect(strong.seen[0]).toEqual(inputs);

    const weak = scorerAnswering(2, 'This is similar to a commonly used password.');
    expect(judgePassword(weak.scorer, 'lantern orbit kettle', inputs)).toEqual({
      ok: false,
      score: 2,
      code: 'password_too_weak',
      reason:
        'Your password is too easy to guess. This is similar to a commonly used password. A few unrelated words make a strong password',
    });
    const quiet = scorerAnswering(1);
    expect(judgePassword(quiet.scorer, 'lantern orbit kettle', inputs)).toMatchObject({
      reason: expect.stringContaining('Add another word or two.'),
    });
  });

  it('refuses a password that is wholly one of the breached list, before its score, and only that', () => {
    const inputs = personalPasswordInputs(margaret);
    const reading = (parts: { token: string; dictionaryName?: string }[], score = 4): PasswordScorer => ({
      check: () => ({ score, feedback: { warning: null, suggestions: [] }, sequence: parts }),
    });
    const whole = reading([{ token: 'Tr0ub4dor&3xyz', dictionaryName: 'passwords-common' }], 1);
    expect(judgePassword(whole, 'Tr0ub4dor&3xyz', inputs)).toMatchObject({
      ok: false,
      code: 'password_breached',
      reason: expect.stringContaining('This password has appeared in data breaches'),
    });
    expect(judgePassword(whole, ' Tr0ub4dor&3xyz ', inputs)).toMatchObject({ code: 'password_breached' });
    const part = reading([
      { token: 'lantern', dictionaryName: 'passwords-common' },
      { token: ' orbit kettle' },
    ]);
    expect(judgePassword(part, 'lantern orbit kettle', inputs)).toEqual({ ok: true, score: 4 });
    const otherList = reading([{ token: 'lanternorbitkettle', dictionaryName: 'wikipedia-en' }]);
    expect(judgePassword(otherList, 'lanternorbitkettle', inputs)).toEqual({ ok: true, score: 4 });
  });

  it('builds the scorer’s options from both language packages', () => {
    const options = passwordScorerOptions(
      { dictionary: { 'passwords-common': ['123456'] }, adjacencyGraphs: { qwerty: {} } },
      { dictionary: { 'commonWords-en': ['the'] }, translations: { warnings: {} } },
    );
    expect(options).toEqual({
      dictionary: { 'passwords-common': ['123456'], 'commonWords-en': ['the'] },
      graphs: { qwerty: {} },
      translations: { warnings: {} },
    });
  });
});
