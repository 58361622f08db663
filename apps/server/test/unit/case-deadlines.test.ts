import { describe, expect, it } from 'vitest';
import { caseDeadlinesSchema, contentDocumentSchemas } from '@meridian/contracts';
import { deadlineOf, defaultCaseDeadlines } from '../../src/areas/operations/deadlines';

const opened = new Date('2026-03-02T10:00:00Z');

describe('case deadlines as configuration', () => {
  it('is a tenant content document the sync validates', () => {
    expect(contentDocumentSchemas['case-deadlines']).toBe(caseDeadlinesSchema);
  });

  it('refuses a rule with no period or two, a type in two rules, an unknown key or a bad case type', () => {
    const otherwise = { days: 30, describe: 'Standard' };
    const refused = [
      { rules: [{ caseTypes: ['RTQ9'], describe: 'No period' }], otherwise },
      { rules: [{ caseTypes: ['RTQ9'], months: 2, days: 3, describe: 'Two periods' }], otherwise },
      {
        rules: [
          { caseTypes: ['RTQ9'], months: 2, describe: 'Quote' },
          { caseTypes: ['DCQ', 'RTQ9'], months: 1, describe: 'Again' },
        ],
        otherwise,
      },
      { rules: [{ caseTypes: ['RTQ9'], months: 2, describe: 'Quote', weeks: 3 }], otherwise },
      { rules: [{ caseTypes: ['rtq 9'], months: 2, describe: 'Quote' }], otherwise },
      { rules: [], otherwise: { describe: 'No period' } },
      { rules: [{ caseTypes: ['TOP9'], months: 6, from: 'paid', describe: 'Transfer' }], otherwise },
    ];
    for (const config of refused)
      expect(caseDeadlinesSchema.safeParse(config).success, JSON.stringify(config)).toBe(false);
  });

  it('keeps today’s deadlines as the defaults', () => {
    expect(deadlineOf('RTQ9', opened, null)).toEqual({
      deadline: '2026-05-02',
      rule: 'Quote: 2 months from the request',
    });
    expect(deadlineOf('TOP9', opened, '2026-01-31').deadline).toBe('2026-07-31');
    expect(deadlineOf('TOP9', opened, 'not a date').deadline).toBe('2026-09-02');
    // Friday 3 April 2026 is Good Friday and Monday 6 April Easter Monday (England and Wales).
    expect(deadlineOf('BRV1', new Date('2026-04-01T09:00:00Z'), null).deadline).toBe('2026-04-10');
    expect(deadlineOf('RTP9', opened, null)).toEqual({
      deadline: '2026-04-01',
      rule: 'Scheme standard: 30 days',
    });
    expect(defaultCaseDeadlines.rules.map((rule) => rule.caseTypes)).toEqual([
      ['RTQ9', 'DCQ', 'TVS'],
      ['TOP9'],
      ['BRV1', 'BBR1'],
    ]);
  });

  it('follows a tenant’s own rules: the first naming the type, else otherwise', () => {
    const own = caseDeadlinesSchema.parse({
      rules: [
        { caseTypes: ['RTP9'], workingDays: 10, describe: 'Applications: 10 working days' },
        { caseTypes: ['TOP9'], months: 3, from: 'guaranteeDate', describe: 'Transfer: 3 months' },
      ],
      otherwise: { months: 1, describe: 'A month' },
    });
    expect(deadlineOf('RTP9', opened, null, own)).toEqual({
      deadline: '2026-03-16',
      rule: 'Applications: 10 working days',
    });
    expect(deadlineOf('TOP9', opened, '2026-02-10', own).deadline).toBe('2026-05-10');
    expect(deadlineOf('RTQ9', opened, null, own)).toEqual({ deadline: '2026-04-02', rule: 'A month' });
  });

  it('meets a rule until acknowledged at the acknowledgement, then counts the following period from it', () => {
    const death = new Date('2026-04-01T09:00:00Z');
    // Acknowledged on Thursday 9 April: the defaults' 30 days follow from then.
    expect(deadlineOf('BRV1', death, null, defaultCaseDeadlines, new Date('2026-04-09T16:00:00Z'))).toEqual({
      deadline: '2026-05-09',
      rule: 'Scheme standard: 30 days, from the acknowledgement on 2026-04-09 (Death: acknowledged in 5 working days: met)',
    });
    // A rule met by closing ignores an acknowledgement.
    expect(
      deadlineOf('RTQ9', opened, null, defaultCaseDeadlines, new Date('2026-03-03T09:00:00Z')).deadline,
    ).toBe('2026-05-02');
    const own = caseDeadlinesSchema.parse({
      rules: [
        {
          caseTypes: ['BRV1'],
          workingDays: 2,
          until: 'acknowledged',
          then: { workingDays: 20, describe: 'Death: settled in 20 working days' },
          describe: 'Death: acknowledged in 2 working days',
        },
      ],
      otherwise: { months: 1, describe: 'A month' },
    });
    // Good Friday and Easter Monday are not working days; nor is the early May bank holiday.
    expect(deadlineOf('BRV1', death, null, own).deadline).toBe('2026-04-07');
    expect(deadlineOf('BRV1', death, null, own, new Date('2026-04-02T10:00:00Z')).deadline).toBe(
      '2026-05-05',
    );
    // A following period needs until: acknowledged, and one period of its own.
    const otherwise = { days: 30, describe: 'Standard' };
    for (const rule of [
      { caseTypes: ['BRV1'], days: 5, then: { days: 9, describe: 'Then' }, describe: 'Death' },
      { caseTypes: ['BRV1'], days: 5, until: 'acknowledged', then: { describe: 'Then' }, describe: 'Death' },
      { caseTypes: ['BRV1'], days: 5, until: 'answered', describe: 'Death' },
    ])
      expect(caseDeadlinesSchema.safeParse({ rules: [rule], otherwise }).success, JSON.stringify(rule)).toBe(
        false,
      );
  });
});
