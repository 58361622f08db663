import { describe, expect, it } from 'vitest';
import { buildAnalyticsProfile } from './profile';

describe('member analytics profile', () => {
  it('defaults every missing value to an empty string, 0 or false', () => {
    const profile = buildAnalyticsProfile({});
    expect(profile.userId).toBe('');
    expect(profile.lifeStage).toBe('');
    expect(profile.currentAge).toBe(0);
    expect(profile.tenure).toBe(0);
    expect(profile.isAvc).toBe(false);
    expect(profile.dcretirementapplicationSubmitted).toBe(false);
    expect(profile.hasLinkedRecords).toBe('no');
    expect(Object.keys(profile)).toHaveLength(32);
  });

  it('keeps the values it was given, with null and malformed values defaulted one by one', () => {
    const profile = buildAnalyticsProfile({
      userId: 'MER1000001',
      businessGroup: 'MER',
      income: null,
      normalRetirementAge: 65,
      targetRetirementAge: null,
      currentAge: '60',
      isAvc: true,
      hasAdditionalContributions: 'yes',
      hasMultipleRecords: true,
      somethingElse: 'dropped',
    });
    expect(profile).toMatchObject({
      userId: 'MER1000001',
      businessGroup: 'MER',
      income: '',
      normalRetirementAge: 65,
      targetRetirementAge: 0,
      currentAge: 0,
      isAvc: true,
      hasAdditionalContributions: false,
      hasLinkedRecords: 'yes',
    });
    expect(profile).not.toHaveProperty('somethingElse');
  });

  it('reads anything that is not an object as an empty profile', () => {
    expect(buildAnalyticsProfile(null).status).toBe('');
    expect(buildAnalyticsProfile([1, 2]).hasLinkedRecords).toBe('no');
  });
});
