import { beforeAll, describe, expect, it } from 'vitest';
import { registerJourneyFeatures } from '../../app/journey-audiences';
import { HttpError } from '../../lib/http/client';
import { messageFor } from '../journeys';

beforeAll(registerJourneyFeatures);

describe('what a member reads when retirement figures are refused', () => {
  it('reads retirement’s words for its codes, not the calculation’s', () => {
    const refused = new HttpError(
      400,
      ['below_minimum_pension_age'],
      ['Below the minimum pension age on that date'],
    );
    expect(messageFor(refused)).toBe('You will be under the minimum pension age on that date');
    expect(
      messageFor(new HttpError(400, ['retirement_date_in_past'], ['The retirement date has passed'])),
    ).toBe('The retirement date must be in the future');
  });

  it('shows the service’s own words where they are already the member’s', () => {
    const message = 'You can apply online up to 6 months before your retirement date. Choose a nearer date.';
    expect(messageFor(new HttpError(400, ['retirement_date_not_open'], [message]))).toBe(message);
  });
});
