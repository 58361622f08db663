// The operations console's work beyond cases: pending bank changes, reports of deaths, the dashboard.
import { z } from 'zod';
import { pageQueryShape, pageShape } from './paging';

const text = (max: number) => z.string().trim().min(1).max(max);

/** A page of the bank changes held in their cooling-off, the soonest to apply first, and how many wait in all. */
export const pendingBankChangeListSchema = z.object({
  changes: z.array(
    z.object({
      id: z.uuid(),
      businessGroup: z.string(),
      referenceNumber: z.string(),
      memberName: z.string().nullable(),
      /** The new account's last four digits and the name it is in. */
      accountEnding: z.string(),
      accountName: z.string(),
      requestedAt: z.string(),
      /** When it applies by itself unless released or cancelled. */
      appliesAt: z.string(),
    }),
  ),
  ...pageShape,
});
export type PendingBankChangeList = z.infer<typeof pendingBankChangeListSchema>;

/** A page of the held bank changes. */
export const pendingBankChangeQuerySchema = z.object(pageQueryShape);

export const bankChangeParamsSchema = z.object({ changeId: z.uuid() });

/** Why staff release or cancel a held change (for the audit, not the member). */
export const bankChangeDecisionSchema = z.object({ note: text(2000) });

export const deathReportListSchema = z.object({
  reports: z.array(
    z.object({
      caseNumber: z.string(),
      tenantUrl: z.string(),
      sentAt: z.string(),
      /** The answers as the reporter gave them (question key and answer). */
      answers: z.array(z.object({ question: z.string(), answer: z.string() })),
      /** The files the reporter sent (a death certificate), oldest first; each opens from the report's case. */
      files: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          type: z.string(),
          sizeBytes: z.number().int(),
          receivedAt: z.string(),
        }),
      ),
      matched: z
        .object({ businessGroup: z.string(), referenceNumber: z.string(), at: z.string() })
        .nullable(),
    }),
  ),
  ...pageShape,
});
export type DeathReportList = z.infer<typeof deathReportListSchema>;

/** A page of the reports of a death. */
export const deathReportQuerySchema = z.object(pageQueryShape);

export const deathReportParamsSchema = z.object({ caseNumber: text(40) });

/** The member the report is about: `1234567`, or `BGR:1234567` when the number is in two groups. */
export const deathReportMatchSchema = z.object({
  memberReference: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{1,10}:)?[A-Za-z0-9]{1,20}$/),
});

export const deathReportMatchAnswerSchema = z.object({
  businessGroup: z.string(),
  referenceNumber: z.string(),
  suspendedUsers: z.number().int(),
  endedSessions: z.number().int(),
});

export const deathReportUnmatchAnswerSchema = z.object({ liftedUsers: z.number().int() });

/** How old an open case is, in days from when it was opened. */
export const ageBands = ['0 to 7 days', '8 to 30 days', '31 to 90 days', 'Over 90 days'] as const;

export const dashboardSchema = z.object({
  /** Open cases of each type, counted in each age band (in the order of `ageBands`). */
  openByType: z.array(
    z.object({
      caseType: z.string(),
      bands: z.array(z.number().int()),
      total: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
  totals: z.object({
    bands: z.array(z.number().int()),
    open: z.number().int(),
    overdue: z.number().int(),
  }),
  /** The last 8 weeks (Monday to Sunday, UTC), oldest first. */
  weeks: z.array(
    z.object({
      weekStarting: z.string(),
      opened: z.number().int(),
      closed: z.number().int(),
      /** Cases opened that week that staff have acted on, and the median hours to that first action. */
      actedOn: z.number().int(),
      medianHoursToFirstAction: z.number().nullable(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
