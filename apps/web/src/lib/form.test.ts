import { describe, expect, it } from 'vitest';
import { HttpError } from './http/client';
import { serverError } from './form';

describe('a server refusal on a form', () => {
  it('sits on the field the form names, or on the one its code always concerns', () => {
    expect(serverError(new HttpError(400, ['bank_account_modulus_check_failed']), 'sortCode')).toEqual({
      field: 'sortCode',
      message: 'The sort code and account number do not match. Check them against your bank statement',
    });
    expect(serverError(new HttpError(400, ['bank_account_name_mismatch']), 'sortCode')).toEqual({
      field: 'accountName',
      message: 'The name on the account must include your surname',
    });
  });

  it('tells the member to wait when the service is busy, rather than blaming what they entered', () => {
    expect(serverError(new HttpError(503, ['service_busy']), 'sortCode')).toEqual({
      field: 'sortCode',
      message: 'The service is busy. Wait a few seconds and try again',
    });
  });
});
