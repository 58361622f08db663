// What each staff role may do in the operations console: the one table the staff API's checks and the
// console's menu both read.
import type { StaffRole } from './operations';

export const staffRights = {
  /** Read cases, members, identity checks, the outbox, webhook deliveries, recurring jobs, the dashboard. */
  readCases: ['caseworker', 'team_leader', 'auditor', 'administrator'],
  /** Work a case: assign it to oneself, change its status, note, complete, reject, match a report. */
  workCases: ['caseworker', 'team_leader', 'administrator'],
  /** Assign a case to someone else. */
  assignOthers: ['team_leader', 'administrator'],
  /** Send a message or a webhook delivery again, run a dead recurring job again. */
  resend: ['team_leader', 'administrator'],
  /** Read the staff audit log. */
  readAudit: ['team_leader', 'auditor', 'administrator'],
  /** See the tenant's content as loaded, and load it from its files again. */
  editContent: ['content_editor', 'administrator'],
  /** The scheme's configuration: integration clients, case deadlines. */
  administer: ['administrator'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffRight = keyof typeof staffRights;

/** Whether a role holds a right. */
export const staffMay = (role: StaffRole, right: StaffRight): boolean =>
  (staffRights[right] as readonly StaffRole[]).includes(role);
