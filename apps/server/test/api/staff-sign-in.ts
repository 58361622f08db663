import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { staffAccounts } from '../../src/db/schema';
import { DEMO_STAFF_PASSWORD, demoStaff } from '../../src/seed/demo-staff';
import { BrowserAgent } from './browser-agent';
import type { TestContext } from './harness';

export interface StaffSignIn {
  email: string;
  totpSecret: string;
  tenantUrl?: string | null;
}

/**
 * A member of staff signed in to the console with the password and their authenticator's code, on their
 * tenant's host (a tenant's staff sign in nowhere else). The code's last step is forgotten first, so one
 * test may sign the same person in twice within 30 seconds.
 */
export async function staffSignedIn(
  context: TestContext,
  staff: StaffSignIn,
  { host = staff.tenantUrl ?? 'localhost', remoteAddress }: { host?: string; remoteAddress?: string } = {},
) {
  await context.database.db
    .update(staffAccounts)
    .set({ totpLastStep: null })
    .where(eq(staffAccounts.email, staff.email));
  const agent = new BrowserAgent(context.app, host);
  for (const [url, payload] of [
    ['/admin-api/sign-in', { email: staff.email, password: DEMO_STAFF_PASSWORD }],
    ['/admin-api/sign-in/code', { code: await generate({ secret: staff.totpSecret }) }],
  ] as const) {
    const answer = await agent.request({ method: 'POST', url, payload, remoteAddress });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return agent;
}

/** A demo member of staff, by their email address, signed in as staffSignedIn does. */
export const demoStaffSignedIn = (context: TestContext, email: string) =>
  staffSignedIn(
    context,
    demoStaff.find((staff) => staff.email === email)!,
  );
