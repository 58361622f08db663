import { z } from 'zod';

const caseType = z.string().regex(/^[A-Z0-9]{2,8}$/, 'a case type such as RTQ9');

/** How long a case has: months, days or working days (England and Wales bank holidays), exactly one. */
const period = {
  months: z.number().int().min(1).max(120).optional(),
  days: z.number().int().min(1).max(3660).optional(),
  workingDays: z.number().int().min(1).max(2000).optional(),
};
const onePeriod = (value: { months?: number; days?: number; workingDays?: number }, ctx: z.RefinementCtx) => {
  const given = (['months', 'days', 'workingDays'] as const).filter((key) => value[key] !== undefined);
  if (given.length !== 1)
    ctx.addIssue({ code: 'custom', message: 'exactly one of months, days or workingDays' });
};

/** One rule: the case types it covers, the period, and from when (the opening day, or a transfer's guarantee date). */
export const caseDeadlineRuleSchema = z
  .strictObject({
    caseTypes: z.array(caseType).min(1),
    ...period,
    from: z.enum(['opened', 'guaranteeDate']).default('opened'),
    describe: z.string().min(1).max(120),
  })
  .superRefine(onePeriod);

/**
 * A tenant's case deadlines (content/tenants/<tenant>/case-deadlines.json): the first rule naming a
 * case's type sets its deadline, otherwise `otherwise`. A case type may be named by one rule only.
 */
export const caseDeadlinesSchema = z
  .strictObject({
    rules: z.array(caseDeadlineRuleSchema),
    otherwise: z.strictObject({ ...period, describe: z.string().min(1).max(120) }).superRefine(onePeriod),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.rules.forEach((rule, index) =>
      rule.caseTypes.forEach((type) => {
        if (seen.has(type))
          ctx.addIssue({
            code: 'custom',
            path: ['rules', index, 'caseTypes'],
            message: `${type} is in two rules`,
          });
        seen.add(type);
      }),
    );
  });
export type CaseDeadlines = z.output<typeof caseDeadlinesSchema>;
export type CaseDeadlineRule = CaseDeadlines['rules'][number];
