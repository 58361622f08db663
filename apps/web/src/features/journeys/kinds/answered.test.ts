import { describe, expect, it } from 'vitest';
import type { JourneyStep, PageJourney } from '@meridian/contracts';
import { answeredKindsToLoad } from './answered';

const page = (key: string, kind?: string) =>
  ({ key, type: 'x', ...(kind ? { question: { kind } } : {}) }) as unknown as PageJourney & { key: string };
const step = (pageKey: string) => ({ pageKey }) as unknown as JourneyStep;

describe('the kinds check your answers loads with its reads', () => {
  it('are those answered whose display does not come with the page, in the order answered', () => {
    const pages = [page('method', 'radios'), page('home', 'address'), page('phone', 'phone'), page('note')];
    expect(answeredKindsToLoad(pages, [step('method'), step('phone'), step('note'), step('home')])).toEqual([
      'phone',
      'address',
    ]);
  });

  it('are none when every answer shows through the displays at hand, or a page is unknown', () => {
    expect(
      answeredKindsToLoad([page('when', 'date'), page('pay', 'bank-account')], [step('when'), step('gone')]),
    ).toEqual([]);
  });
});
