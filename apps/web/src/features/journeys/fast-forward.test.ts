import { afterEach, describe, expect, it } from 'vitest';
import { fastForward } from './fast-forward';

const type = 'dbcoreretirementapplication';
const changeGuidance = () =>
  fastForward.start(type, {
    changedPageKey: 'ra_guidance',
    answeredPageKeys: ['ra_guidance_booking', 'ra_lump_sum_allowance', 'ra_bank', 'ra_declarations'],
    summaryPageKey: 'ra_check_answers',
  });

describe('fast-forward after a Change link', () => {
  afterEach(() => fastForward.resetAll());

  it('returns to the summary at once when the answer leads where it did', () => {
    changeGuidance();
    expect(fastForward.destination(type, 'ra_guidance_booking')).toBe('ra_check_answers');
    expect(fastForward.get(type)).toBeNull();
  });

  it('walks a new branch, then returns to the summary when the route rejoins pages answered before', () => {
    changeGuidance();
    expect(fastForward.destination(type, 'ra_guidance_opt_out')).toBe('ra_guidance_opt_out');
    expect(fastForward.destination(type, 'ra_lump_sum_allowance')).toBe('ra_check_answers');
    expect(fastForward.destination(type, 'ra_bank')).toBe('ra_bank');
  });

  it('leads Back from the changed page to the summary, and from other pages to the page before', () => {
    changeGuidance();
    expect(fastForward.backFrom(type, 'ra_guidance', 'ra_identity')).toBe('ra_check_answers');
    expect(fastForward.backFrom(type, 'ra_guidance_opt_out', 'ra_guidance')).toBe('ra_guidance');
    fastForward.reset(type);
    expect(fastForward.backFrom(type, 'ra_guidance', null)).toBeNull();
  });
});
