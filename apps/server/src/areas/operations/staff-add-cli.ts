// npm run staff:add -- <email> --name "<name>" --role caseworker|team_leader|content_editor|auditor|administrator
//   (--tenant <tenant url> | --all-tenants)
// Adds a member of staff to the operations console as the console's Add does: they are emailed a link
// to set their password, and set up their authenticator app at their first sign-in (staff-add.ts).
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { staffRoleSchema } from '@meridian/contracts';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { addStaffFromCommand } from './staff-add';

const usage =
  'Usage: npm run staff:add -- <email> --name "<name>" --role <caseworker|team_leader|content_editor|auditor|administrator> (--tenant <tenant url> | --all-tenants)';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    role: { type: 'string' },
    tenant: { type: 'string' },
    'all-tenants': { type: 'boolean' },
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
  const added = await addStaffFromCommand(
    database.db,
    pino({ level: 'warn' }),
    config,
    { email, name: values.name, role: role.data, tenantUrl: values.tenant ?? null },
    userInfo().username,
  );
  for (const line of added.lines) (added.ok ? console.log : console.error)(line);
  if (!added.ok) process.exitCode = 1;
} finally {
  await database.close();
}
