// npm run integration:add-client -- --tenant <tenant url> --name "<name>" --scopes cases:read,cases:write,documents:read,members:write
// npm run integration:add-client -- --disable <client id>
// npm run integration:add-client -- --rotate <client id> [--grace-hours 24]
// Adds a tenant's administration system as a client of the integration API, printing its id and its
// secret (shown this once; only a hash is kept), disables one, whose tokens then stop working, or
// issues one a new secret, the old one working for the grace period (INTEGRATION_SECRET_GRACE_HOURS).
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { integrationScopes } from '@meridian/contracts';
import { INTEGRATION_SECRET_GRACE_HOURS_MAX } from '@meridian/contracts';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase, type Database } from '../../db/client';
import { staffAudit } from '../../db/schema';
import { findTenant } from '../tenancy/tenant-repository';
import {
  addIntegrationClient,
  disableIntegrationClient,
  rotateClientSecret,
  TOKEN_LIFETIME_SECONDS,
} from './clients';

const usage = `Usage: npm run integration:add-client -- --tenant <tenant url> --name "<name>" --scopes <${integrationScopes.join(',')}>
       npm run integration:add-client -- --disable <client id>
       npm run integration:add-client -- --rotate <client id> [--grace-hours <0 to ${INTEGRATION_SECRET_GRACE_HOURS_MAX}>]`;
const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    name: { type: 'string' },
    scopes: { type: 'string' },
    disable: { type: 'string' },
    rotate: { type: 'string' },
    'grace-hours': { type: 'string' },
  },
});
const graceText = values['grace-hours'];
const graceGiven = graceText === undefined ? undefined : Number(graceText);
if (
  (!values.disable && !values.rotate && (!values.tenant || !values.name?.trim() || !values.scopes)) ||
  (graceGiven !== undefined &&
    (!values.rotate ||
      !Number.isInteger(graceGiven) ||
      graceGiven < 0 ||
      graceGiven > INTEGRATION_SECRET_GRACE_HOURS_MAX))
) {
  console.error(usage);
  process.exit(2);
}

/** The command's rotation in the staff audit trail, with the operating-system user who ran it. */
async function auditClientRotation(db: Database, clientId: string, graceHours: number) {
  await db.insert(staffAudit).values({
    action: 'integration_client_rotate',
    outcome: 'success',
    clientId,
    details: { via: 'command', operator: userInfo().username, graceHours },
  });
}

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  if (values.rotate) {
    const graceHours = graceGiven ?? config.INTEGRATION_SECRET_GRACE_HOURS;
    const rotated = await rotateClientSecret(database.db, values.rotate, graceHours * 3_600_000);
    if (rotated === 'not_found' || rotated === 'disabled') {
      console.error(
        rotated === 'disabled' ? `Client ${values.rotate} is disabled.` : `No client ${values.rotate}.`,
      );
      process.exitCode = 1;
    } else {
      await auditClientRotation(database.db, values.rotate, graceHours);
      console.log(
        `New secret for client ${values.rotate} (give it to the system's owners privately): ${rotated.secret}`,
      );
      console.log(
        rotated.previousSecretUntil
          ? `The old secret still works until ${rotated.previousSecretUntil.toISOString()}, then is refused.`
          : 'The old secret no longer works.',
      );
    }
  } else if (values.disable) {
    const disabled = await disableIntegrationClient(database.db, values.disable).catch(() => false);
    if (disabled) console.log(`Disabled client ${values.disable}: its tokens no longer work.`);
    else {
      console.error(`No client ${values.disable}.`);
      process.exitCode = 1;
    }
  } else if (!(await findTenant(database.db, values.tenant!))) {
    console.error(`No tenant ${values.tenant}.`);
    process.exitCode = 1;
  } else {
    const scopes = values.scopes!.split(',').map((scope) => scope.trim());
    const added = await addIntegrationClient(database.db, {
      tenantUrl: values.tenant!,
      name: values.name!.trim(),
      scopes,
    });
    console.log(`Added client "${values.name!.trim()}" for ${values.tenant} (${scopes.join(' ')}).`);
    console.log(`Client id: ${added.id}`);
    console.log(`Client secret (give it to the system's owners privately): ${added.secret}`);
    console.log(
      `Tokens (${TOKEN_LIFETIME_SECONDS / 60} minutes): POST /api/integration/oauth/token with grant_type=client_credentials, at ${values.tenant}’s own address.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
