import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/client';
import { messageFor } from './messages';

describe('what a member reads when a journey call fails', () => {
  it('reads our words for a code we know, whatever the service said', () => {
    const error = new HttpError(400, ['answer_required'], ['questionKey is required']);
    expect(messageFor(error)).toBe('Answer the question to continue');
  });

  it('reads the service’s own words for a refusal whose code we do not know', () => {
    const error = new HttpError(
      400,
      ['tax_free_cash_above_allowance'],
      ['Your tax-free cash is more than the £240,000.00 left of your Lump Sum Allowance.'],
    );
    expect(messageFor(error)).toBe(
      'Your tax-free cash is more than the £240,000.00 left of your Lump Sum Allowance.',
    );
  });

  it('never shows what a failing service said: a general failure instead', () => {
    expect(messageFor(new HttpError(500, ['internal_error'], ['TypeError at line 3']))).toBe(
      'Sorry, something went wrong. Try again.',
    );
    expect(messageFor(new HttpError(503, ['busy'], ['Pool exhausted']))).toBe(
      'The service is busy. Wait a few seconds and try again',
    );
    expect(messageFor(new HttpError(400, ['unknown_code']))).toBe('Sorry, something went wrong. Try again.');
  });
});
