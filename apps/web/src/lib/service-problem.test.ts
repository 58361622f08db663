import { describe, expect, it } from 'vitest';
import { HttpError } from './http/client';
import { serviceProblem } from './service-problem';

describe('a failure the member can do something about', () => {
  it('asks them to wait when the service is busy', () => {
    expect(serviceProblem(new HttpError(503, ['service_busy']))).toBe(
      'The service is busy. Wait a few seconds and try again',
    );
    expect(serviceProblem(new HttpError(503, ['something_went_wrong']))).toMatch(/busy/);
  });

  it('asks them to check their connection when no answer came', () => {
    expect(serviceProblem(new HttpError(0, ['something_went_wrong']))).toMatch(/internet connection/);
  });

  it('says nothing of a refusal or a fault they cannot help', () => {
    expect(serviceProblem(new HttpError(400, ['answer_required']))).toBeUndefined();
    expect(serviceProblem(new HttpError(500, ['something_went_wrong']))).toBeUndefined();
    expect(serviceProblem(new Error('render failed'))).toBeUndefined();
  });
});
