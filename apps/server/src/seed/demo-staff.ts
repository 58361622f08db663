import { inArray } from 'drizzle-orm';
import type { StaffRole } from '@meridian/contracts';
import type { Database } from '../db/client';
import { staffAccounts } from '../db/schema';
import { hashPassword } from '../lib/password-hashing';

/** The demo staff's password: demo only, like the members'. */
export const DEMO_STAFF_PASSWORD = 'MeridianStaff!2026';

/**
 * A caseworker and a team leader per demo tenant, and an administrator and a content editor of the first, each with a known
 * authenticator-app secret (Base32) so the demo and its tests can compute a code. Demo only: never seeded without MERIDIAN_DEMO.
 */
export const demoStaff: ReadonlyArray<{
  email: string;
  name: string;
  role: StaffRole;
  tenantUrl: string;
  totpSecret: string;
}> = [
  {
    email: 'caseworker@meridian.example',
    name: 'Casey Worker',
    role: 'caseworker',
    tenantUrl: 'localhost',
    totpSecret: 'MERIDIANCASEWORKERDEMOSECRETAAAA',
  },
  {
    email: 'teamleader@meridian.example',
    name: 'Terry Leader',
    role: 'team_leader',
    tenantUrl: 'localhost',
    totpSecret: 'MERIDIANTEAMLEADERDEMOSECRETAAAA',
  },
  {
    email: 'administrator@meridian.example',
    name: 'Addy Minter',
    role: 'administrator',
    tenantUrl: 'localhost',
    totpSecret: 'MERIDIANADMINISTRATORDEMOSECRETA',
  },
  {
    email: 'content@meridian.example',
    name: 'Connie Tent',
    role: 'content_editor',
    tenantUrl: 'localhost',
    totpSecret: 'MERIDIANCONTENTEDITORDEMOSECRETA',
  },
  {
    email: 'caseworker@bluewater.example',
    name: 'Bea Waters',
    role: 'caseworker',
    tenantUrl: 'bluewater.localhost',
    totpSecret: 'BLUEWATERCASEWORKERDEMOSECRETAAA',
  },
  {
    email: 'teamleader@bluewater.example',
    name: 'Blake Rivers',
    role: 'team_leader',
    tenantUrl: 'bluewater.localhost',
    totpSecret: 'BLUEWATERTEAMLEADERDEMOSECRETAAA',
  },
];

/** Adds the demo staff that are not there yet (by email). */
export async function seedDemoStaff(db: Database): Promise<number> {
  const present = await db
    .select({ email: staffAccounts.email })
    .from(staffAccounts)
    .where(
      inArray(
        staffAccounts.email,
        demoStaff.map((staff) => staff.email),
      ),
    );
  if (present.length === demoStaff.length) return 0;
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const added = await db
    .insert(staffAccounts)
    .values(demoStaff.map((staff) => ({ ...staff, passwordHash, totpEnrolled: true })))
    .onConflictDoNothing({ target: staffAccounts.email })
    .returning({ id: staffAccounts.id });
  return added.length;
}
