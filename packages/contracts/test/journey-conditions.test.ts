import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  conditionReferences,
  journeyConditionSchema,
  type ConditionFacts,
  type JourneyCondition,
} from '../src';

const facts: ConditionFacts = {
  answers: new Map([
    ['transfer_to', 'qrops'],
    ['tax_free_cash', '1500000'],
    ['share', '60'],
    ['adviser', 'Ann Smith'],
  ]),
  figures: { lumpSumPence: 2_500_000, annualPensionPence: 900_000 },
  accessKey: {
    fields: { schemeType: 'DB', memberStatus: 'Deferred', dcLifeStage: null },
    wordingFlags: ['HASAVC'],
  },
  named: {
    overseas: { question: 'transfer_to', in: ['qrops', 'overseas_scheme'] },
    large_cash: { question: 'tax_free_cash', gte: 1_000_000 },
    overseas_and_large: { all: [{ condition: 'overseas' }, { condition: 'large_cash' }] },
    loops: { not: { condition: 'loops' } },
  },
};

const visitor: ConditionFacts = { answers: facts.answers, named: facts.named };

describe('journey conditions', () => {
  const cases: Array<[string, JourneyCondition, boolean, ConditionFacts?]> = [
    ['an answer in the list', { question: 'transfer_to', in: ['qrops'] }, true],
    ['an answer not in the list', { question: 'transfer_to', in: ['uk_scheme'] }, false],
    ['a question not answered', { question: 'not_asked', in: ['yes'] }, false],
    ['not of a question not answered', { not: { question: 'not_asked', in: ['yes'] } }, true],
    ['money in pence, gt', { question: 'tax_free_cash', gt: 1_499_999 }, true],
    ['money in pence, gt at the bound', { question: 'tax_free_cash', gt: 1_500_000 }, false],
    ['gte at the bound', { question: 'tax_free_cash', gte: 1_500_000 }, true],
    ['lt', { question: 'share', lt: 100 }, true],
    ['lte at the bound', { question: 'share', lte: 60 }, true],
    ['eq', { question: 'share', eq: 60 }, true],
    ['a range: every bound holds', { question: 'share', gt: 0, lt: 50 }, false],
    ['a number compared with text', { question: 'adviser', gt: 0 }, false],
    ['an unanswered question compared', { question: 'not_asked', lt: 10 }, false],
    ['in and a bound together', { question: 'share', in: ['60'], gte: 50 }, true],
    ['a locked figure', { figure: 'lumpSumPence', gt: 2_000_000 }, true],
    ['a locked figure, lte', { figure: 'annualPensionPence', lte: 899_999 }, false],
    ['a figure not locked is unknown', { figure: 'transferValuePence', gt: 0 }, false],
    ['not of a figure not locked stays unknown', { not: { figure: 'transferValuePence', gt: 0 } }, false],
    ['an access-key field', { field: 'schemeType', in: ['DB'] }, true],
    ['a null field matches no list', { field: 'dcLifeStage', in: ['Saving'] }, false],
    ['a flag', { flag: 'HASAVC' }, true],
    ['not of a flag', { not: { flag: 'HASAVC' } }, false],
    ['a visitor has no access key: a field is unknown', { field: 'schemeType', in: ['DB'] }, false, visitor],
    ['a visitor: not of a field stays unknown', { not: { field: 'schemeType', in: ['DC'] } }, false, visitor],
    ['a named condition', { condition: 'overseas' }, true],
    ['named conditions referring to others', { condition: 'overseas_and_large' }, true],
    ['a named condition that is not defined is unknown', { condition: 'nowhere' }, false],
    ['a condition that refers to itself is unknown', { condition: 'loops' }, false],
    ['all: every part holds', { all: [{ condition: 'overseas' }, { flag: 'HASAVC' }] }, true],
    ['all: one part fails', { all: [{ condition: 'overseas' }, { flag: 'NOPE' }] }, false],
    [
      'all: a false part decides over an unknown one',
      { all: [{ flag: 'NOPE' }, { condition: 'loops' }] },
      false,
    ],
    ['any: one part holds', { any: [{ flag: 'NOPE' }, { question: 'share', eq: 60 }] }, true],
    ['any: none holds', { any: [{ flag: 'NOPE' }, { question: 'share', eq: 61 }] }, false],
    [
      'any: a true part decides over an unknown one',
      { any: [{ condition: 'loops' }, { flag: 'HASAVC' }] },
      true,
    ],
    ['not', { not: { condition: 'large_cash' } }, false],
  ];

  it.each(cases)('%s', (_name, condition, expected, over = facts) => {
    expect(journeyConditionSchema.safeParse(condition).success).toBe(true);
    expect(conditionHolds(condition, over)).toBe(expected);
  });

  const refused: Array<[string, unknown]> = [
    ['a question with no test', { question: 'share' }],
    ['a figure with no comparison', { figure: 'lumpSumPence' }],
    ['a comparison that is not a number', { question: 'share', gt: '10' }],
    ['an unknown access-key field', { field: 'favouriteColour', in: ['blue'] }],
    ['an empty all', { all: [] }],
    ['an unknown key', { question: 'share', eq: 1, equals: 1 }],
    ['a condition name in capitals', { condition: 'Overseas' }],
  ];

  it.each(refused)('refuses %s', (_name, condition) => {
    expect(journeyConditionSchema.safeParse(condition).success).toBe(false);
  });

  it('lists what a condition names, for the checks at content sync', () => {
    expect(
      conditionReferences({
        any: [
          { question: 'transfer_to', in: ['qrops'] },
          { not: { figure: 'lumpSumPence', gt: 0 } },
          {
            all: [
              { condition: 'overseas' },
              { question: 'share', lt: 10 },
              { field: 'schemeType', in: ['DB'] },
              { flag: 'HASAVC' },
            ],
          },
        ],
      }),
    ).toEqual({
      questions: ['transfer_to', 'share'],
      figures: ['lumpSumPence'],
      conditions: ['overseas'],
      fields: ['schemeType'],
      flags: ['HASAVC'],
      answerKeys: [{ question: 'transfer_to', answer: 'qrops' }],
    });
  });
});
