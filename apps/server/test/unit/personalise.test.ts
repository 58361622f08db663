import { describe, expect, it } from 'vitest';
import { visibilityKeyOf } from '@meridian/contracts';
import { personalise } from '../../src/areas/content/personalise';

const payload = {
  tenantUrl: 'localhost',
  basicMode: false,
  schemeType: 'DC' as const,
  schemeCode: 'MDC',
  category: 'DCS',
  memberStatus: 'Active',
  lifeStage: 'PreRetiree',
  dcLifeStage: 'closeToTRD',
  retirementApplicationStatus: 'NotEligibleToStart',
  transferApplicationStatus: 'UnavailableTA',
  isCalculationSuccessful: true,
  hasAdditionalContributions: false,
  dbCalculationStatus: null,
  currentAge: '64Y4M',
  wordingFlags: ['scheme_MDC'],
};

describe('personalise', () => {
  it('drops hidden objects at any depth and keeps the rest', () => {
    const key = visibilityKeyOf(payload, ['Firefox', 'HASLINKEDMEMBER']);
    const blocks = [
      { type: 'richText', html: 'all' },
      { type: 'richText', html: 'db', visibility: { field: 'schemeType', in: ['DB'] } },
      {
        type: 'tabs',
        tabs: [
          { label: 'A', blocks: [{ type: 'richText', html: 'firefox', visibility: { flag: 'Firefox' } }] },
          {
            label: 'B',
            blocks: [{ type: 'richText', html: 'linked', visibility: { flag: 'HASLINKEDMEMBER' } }],
          },
        ],
      },
      { type: 'richText', html: 'broken rule hides', visibility: { field: 'nonsense', in: ['x'] } },
    ];
    expect(JSON.stringify(personalise(blocks, key))).toBe(
      JSON.stringify([
        { type: 'richText', html: 'all' },
        {
          type: 'tabs',
          tabs: [
            { label: 'A', blocks: [{ type: 'richText', html: 'firefox', visibility: { flag: 'Firefox' } }] },
            { label: 'B', blocks: [] },
          ],
        },
      ]),
    );
  });
});
