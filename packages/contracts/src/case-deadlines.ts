import { z } from 'zod';

const caseType = z.string().regex(/^[A-Z0-9]{2,8}$/, 'a case type such as RTQ9');

/** How long a case has: months, days or working days (England and Wales bank holidays), exactly one. */
export const CASE_DEADLINE_LIMITS = { months: 120, days: 3660, workingDays: 2000 } as const;
export type CaseDeadlineUnit = keyof typeof CASE_DEADLINE_LIMITS;
const count = (unit: CaseDeadlineUnit, words: string) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CASE_DEADLINE_LIMITS[unit], `must be at most ${CASE_DEADLINE_LIMITS[unit]} ${words}`)
    .optional();
const period = {
  months: count('months', 'months'),
  days: count('days', 'days'),
  workingDays: count('workingDays', 'working days'),
};
const onePeriod = (value: { months?: number; days?: number; workingDays?: number }, ctx: z.RefinementCtx) => {
  const given = (['months', 'days', 'workingDays'] as const).filter((key) => value[key] !== undefined);
  if (given.length !== 1)
    ctx.addIssue({ code: 'custom', message: 'exactly one of months, days or workingDays' });
};

/** What staff read for the rule in the queue, e.g. "Quote: 2 months from the request". */
const describeSchema = z
  .string()
  .trim()
  .min(1, 'needs a description staff will read')
  .max(120, 'must be 120 characters or fewer');

/**
 * The staff actions that acknowledge a case to the person it is for: those they are told of (a status
 * changed with a note, a document asked for, the case completed or rejected). Assigning it or a note
 * for staff only does not.
 */
export const acknowledgingCaseEvents = ['status', 'document_requested', 'completed', 'rejected'] as const;

/**
 * One rule: the case types it covers, the period, from when (the opening day, or a transfer's guarantee
 * date), and what meets it: the case closing (the default), or its acknowledgement (`until:
 * 'acknowledged'`, a report of a death). Once acknowledged, such a case is due `then` (a period counted
 * from the acknowledgement) or, without one, by the tenant's `otherwise` period counted from then.
 */
export const caseDeadlineRuleSchema = z
  .strictObject({
    caseTypes: z.array(caseType).min(1),
    ...period,
    from: z.enum(['opened', 'guaranteeDate']).default('opened'),
    until: z.enum(['closed', 'acknowledged']).optional(),
    then: z
      .strictObject({ ...period, describe: describeSchema })
      .superRefine(onePeriod)
      .optional(),
    describe: describeSchema,
  })
  .superRefine(onePeriod)
  .refine((rule) => rule.then === undefined || rule.until === 'acknowledged', {
    message: 'a deadline that follows needs until: acknowledged',
    path: ['then'],
  });

/**
 * A tenant's case deadlines (content/tenants/<tenant>/case-deadlines.json): the first rule naming a
 * case's type sets its deadline, otherwise `otherwise`. A case type may be named by one rule only.
 */
export const caseDeadlinesSchema = z
  .strictObject({
    rules: z.array(caseDeadlineRuleSchema),
    otherwise: z.strictObject({ ...period, describe: describeSchema }).superRefine(onePeriod),
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

/**
 * A tenant's case deadlines in the console (GET /admin-api/case-deadlines): the rules in force, where
 * they come from (set in the console, the tenant's content file, or the defaults), who set them last
 * in the console, and the case types known for the tenant that no rule names (they take `otherwise`).
 */
export const tenantCaseDeadlinesSchema = z.object({
  tenantUrl: z.string(),
  tenantName: z.string(),
  source: z.enum(['console', 'content', 'default']),
  deadlines: caseDeadlinesSchema,
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  otherCaseTypes: z.array(z.string()),
});
export type TenantCaseDeadlines = z.infer<typeof tenantCaseDeadlinesSchema>;

export const caseDeadlineListSchema = z.object({ tenants: z.array(tenantCaseDeadlinesSchema) });
export type CaseDeadlineList = z.infer<typeof caseDeadlineListSchema>;

export const caseDeadlineTenantParamsSchema = z.object({ tenantUrl: z.string().min(1).max(200) });
