// npm run staff:add -- <email> --name "<name>" --role caseworker|team_leader|content_editor|auditor|administrator
//   (--tenant <tenant url> | --all-tenants) [--enrol-at-sign-in]
// Adds a member of staff to the operations console, printing a one-off password and the
// authenticator app's secret (or, with --enrol-at-sign-in, the app is set up at their first sign-in).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { staffRoleSchema } from '@meridian/contracts';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { findTenant } from '../tenancy/tenant-repository';
import { addStaff, otpauthUri } from './staff-accounts';

const usage =
  'Usage: npm run staff:add -- <email> --name "<name>" --role <caseworker|team_leader|content_editor|auditor|administrator> (--tenant <tenant url> | --all-tenants) [--enrol-at-sign-in]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    role: { type: 'string' },
    tenant: { type: 'string' },
    'all-tenants': { type: 'boolean' },
    'enrol-at-sign-in': { type: 'boolean' },
  },
});
const [email] = positionals;
const role = staffRoleSchema.safeParse(values.role);
if (
  !email?.includes('@') ||
  !values.name ||
  !role.success ||
  Boolean(values.tenant) === Boolean(values['all-tenants'])
) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  if (values.tenant && !(await findTenant(database.db, values.tenant))) {
    console.error(`No tenant ${values.tenant}.`);
    process.exitCode = 1;
  } else {
    const password = randomBytes(12).toString('base64url');
    const added = await addStaff(
      database.db,
      {
        email,
        name: values.name,
        role: role.data,
        tenantUrl: values.tenant ?? null,
        password,
        totp: values['enrol-at-sign-in'] ? 'at-sign-in' : 'generate',
      },
      config.SECRETS_KEY,
    );
    console.log(`Added ${email} (${role.data}, ${values.tenant ?? 'all tenants'}).`);
    console.log(`Password (give it to them privately): ${password}`);
    if (added.secret) {
      console.log(`Authenticator app secret: ${added.secret}`);
      console.log(`Or scan this address as a QR code: ${otpauthUri(email.toLowerCase(), added.secret)}`);
    } else console.log('They set up their authenticator app when they first sign in at /admin.');
  }
} catch (error) {
  if (!isUniqueViolation(error)) throw error;
  console.error(`${email} is already a member of staff.`);
  process.exitCode = 1;
} finally {
  await database.close();
}
