import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http/client';
import { messageFor, registerJourneyMessages } from './messages';

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

  it('names what the journey sends by its noun, and My requests as the tenant’s menu does', () => {
    const refused = (code: string) =>
      new HttpError(400, [code], ['A submitted application cannot be cancelled.']);
    const aSwitch = { noun: 'switch', requests: 'Your requests' };
    const aReport = { noun: 'report', requests: 'My requests' };
    expect(messageFor(refused('journey_submitted'), aSwitch)).toBe('You have already sent this switch');
    expect(messageFor(refused('journey_expired'), aReport)).toBe(
      'Your report has expired: it was not sent in time. Start a new one',
    );
    expect(messageFor(refused('journey_ended'), aSwitch)).toBe(
      'This switch has ended. Start a new one if you still need to send it',
    );
    expect(messageFor(refused('journey_incomplete'), aReport)).toBe(
      'Answer every question before you send your report',
    );
    expect(messageFor(refused('no_stable_contact_route'), aSwitch)).toMatch(/Call us to send this switch$/);
    for (const code of ['journey_submitted', 'journey_expired', 'journey_ended', 'journey_not_open'])
      expect(messageFor(refused(code), aReport)).not.toMatch(/appl/i);
  });

  it('says “application” and “your requests” outside a journey’s pages, as the defaults', () => {
    expect(messageFor(new HttpError(400, ['journey_submitted']))).toBe(
      'You have already sent this application',
    );
    expect(messageFor(new HttpError(400, ['journey_ended']))).toBe(
      'This application has ended. Start a new one if you still need to send it',
    );
  });

  it('reads a journey’s feature’s words for its own codes once registered, in the journey’s wording', () => {
    const refused = new HttpError(409, ['quote_used'], ['You have applied on this quote already.']);
    expect(messageFor(refused)).toBe('You have applied on this quote already.');
    const used = ({ requests }: { requests: string }) => `Follow it in ${requests}`;
    registerJourneyMessages({ quote_used: used });
    expect(messageFor(refused, { noun: 'application', requests: 'Your requests' })).toBe(
      'Follow it in Your requests',
    );
    expect(messageFor(refused)).toBe('Follow it in your requests');
    // The same words again are no change; other words for a code already worded are refused.
    expect(() => registerJourneyMessages({ quote_used: used })).not.toThrow();
    expect(() => registerJourneyMessages({ quote_used: 'Other words' })).toThrow(/quote_used/);
    expect(() => registerJourneyMessages({ answer_required: 'Answer it' })).toThrow(/answer_required/);
    expect(messageFor(new HttpError(400, ['answer_required']))).toBe('Answer the question to continue');
  });

  it('takes no word of ours from the object prototype', () => {
    expect(messageFor(new HttpError(400, ['constructor'], ['The service’s words']))).toBe(
      'The service’s words',
    );
  });
});
