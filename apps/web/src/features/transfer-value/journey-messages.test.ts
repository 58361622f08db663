import { beforeAll, describe, expect, it } from 'vitest';
import { registerJourneyFeatures } from '../../app/journey-audiences';
import { HttpError } from '../../lib/http/client';
import { messageFor } from '../journeys';

beforeAll(registerJourneyFeatures);

const refused = (status: number, code: string, message: string) => new HttpError(status, [code], [message]);

describe('what a member reads when the transfer application is refused', () => {
  it('names My requests as the tenant’s menu does, and “your requests” outside a journey’s pages', () => {
    const sent = refused(
      409,
      'transfer_application_sent',
      'You have applied to transfer this value already (TOP9-100). Follow it in My requests.',
    );
    expect(messageFor(sent, { noun: 'application', requests: 'Your requests' })).toBe(
      'You have applied to transfer this value already. Follow it in Your requests',
    );
    expect(messageFor(sent)).toBe(
      'You have applied to transfer this value already. Follow it in your requests',
    );
  });

  it('asks a member needing advice to save their application, in its noun, after the service’s words with the scheme’s threshold', () => {
    const advice = refused(
      400,
      'advice_required',
      'Your transfer value is over £25,000, so you need advice from an FCA-authorised adviser before you can apply.',
    );
    expect(messageFor(advice, { noun: 'transfer', requests: 'My requests' })).toBe(
      'Your transfer value is over £25,000, so you need advice from an FCA-authorised adviser before you can apply. Save your transfer and come back when you have it',
    );
  });

  it('shows the service’s own words where they are already the member’s', () => {
    for (const [code, message] of [
      [
        'pstr_invalid',
        'Enter the scheme’s pension scheme tax reference as 8 digits and 2 letters, like 12345678RA',
      ],
      [
        'fca_reference_invalid',
        'Enter the firm reference number as 6 or 7 digits, as the FCA register shows it',
      ],
      [
        'fca_firm_not_authorised',
        'We cannot find that firm reference number on the FCA register. Check it with your adviser.',
      ],
      [
        'safeguarding_reference_required',
        'Give the reference of your MoneyHelper pension safeguarding appointment before you send this.',
      ],
    ])
      expect(messageFor(refused(400, code!, message!))).toBe(message);
  });
});
