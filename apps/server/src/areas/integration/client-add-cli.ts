// npm run integration:add-client -- --tenant <tenant url> --name "<name>" --scopes cases:read,cases:write,documents:read,members:write
// npm run integration:add-client -- --disable <client id>
// Adds a tenant's administration system as a client of the integration API, printing its id and its
// secret (shown this once; only a hash is kept), or disables one, whose tokens then stop working.
import { parseArgs } from 'node:util';
import { integrationScopes } from '@meridian/contracts';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { findTenant } from '../tenancy/tenant-repository';
import { addIntegrationClient, disableIntegrationClient, TOKEN_LIFETIME_SECONDS } from './clients';

const usage = `Usage: npm run integration:add-client -- --tenant <tenant url> --name "<name>" --scopes <${integrationScopes.join(',')}>
       npm run integration:add-client -- --disable <client id>`;
const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    name: { type: 'string' },
    scopes: { type: 'string' },
    disable: { type: 'string' },
  },
});
if (!values.disable && (!values.tenant || !values.name?.trim() || !values.scopes)) {
  console.error(usage);
  process.exit(2);
}

const database = await openDatabase(databaseTarget(loadConfig()));
try {
  await database.migrate();
  if (values.disable) {
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
