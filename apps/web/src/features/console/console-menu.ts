import { staffMay, type StaffRight, type StaffRole } from '@meridian/contracts';

export interface ConsoleMenuItem {
  to: string;
  label: string;
  /** What the page does, for a role that lands on the console without the case queue. */
  purpose: string;
  /** The right the page's staff API routes ask for; none when every signed-in member of staff has it. */
  right: StaffRight | null;
}

/** The console's pages in menu order, each with the right its routes check (staffRights in contracts). */
export const consoleMenu: readonly ConsoleMenuItem[] = [
  { to: '/admin', label: 'Case queue', purpose: 'work the cases members send', right: 'readCases' },
  { to: '/admin/members', label: 'Find a member', purpose: 'look up a member’s record', right: 'readCases' },
  {
    to: '/admin/identity-checks',
    label: 'Identity checks',
    purpose: 'decide identity checks',
    right: 'readCases',
  },
  { to: '/admin/outbox', label: 'Outbox', purpose: 'see the messages sent to members', right: 'readCases' },
  {
    to: '/admin/webhooks',
    label: 'Webhook deliveries',
    purpose: 'see the case events sent to receivers',
    right: 'readCases',
  },
  {
    to: '/admin/recurring-jobs',
    label: 'Recurring jobs',
    purpose: 'see the purges, sweeps and statement runs',
    right: 'readCases',
  },
  {
    to: '/admin/bank-changes',
    label: 'Bank changes',
    purpose: 'see bank account changes',
    right: 'readCases',
  },
  {
    to: '/admin/death-reports',
    label: 'Reports of a death',
    purpose: 'match reports of a death to members',
    right: 'readCases',
  },
  { to: '/admin/dashboard', label: 'Dashboard', purpose: 'see the case figures', right: 'readCases' },
  {
    to: '/admin/audit',
    label: 'Audit log',
    purpose: 'read who did what to which member, and when',
    right: 'readAudit',
  },
  {
    to: '/admin/content',
    label: 'Content',
    purpose: 'see your site’s pages and journeys, and load them from the content files',
    right: 'editContent',
  },
  {
    to: '/admin/integration-clients',
    label: 'Integration clients',
    purpose: 'manage the systems that call the integration API',
    right: 'administer',
  },
  {
    to: '/admin/case-deadlines',
    label: 'Case deadlines',
    purpose: 'set the deadlines of each case type',
    right: 'administer',
  },
  {
    to: '/admin/staff',
    label: 'Staff accounts',
    purpose: 'add staff, change their roles, disable them',
    right: 'administer',
  },
  {
    to: '/admin/webhook-receivers',
    label: 'Webhook receivers',
    purpose: 'manage where case events are sent',
    right: 'administer',
  },
  {
    to: '/admin/passkeys',
    label: 'Your passkeys',
    purpose: 'add or remove the passkeys you sign in with',
    right: null,
  },
];

/** The pages a role may open, in menu order. */
export const menuFor = (role: StaffRole) =>
  consoleMenu.filter((item) => item.right === null || staffMay(role, item.right));
