// npm run webhooks:add -- <https address> --tenant <tenant url> [--events <events, comma separated; all when left out>]
// Adds a receiver of a tenant's case events, printing the secret its deliveries are signed with
// (shown this once: give it to the receiver's owners privately).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { databaseTarget } from '../../database-target';
import { openDatabase } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import { findTenant } from '../tenancy/tenant-repository';
import { addWebhookEndpoint, WEBHOOK_HEADERS, type WebhookEvent } from './delivery';

const usage = `Usage: npm run webhooks:add -- <https address> --tenant <tenant url> [--events ${webhookEvents.join(',')}]`;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tenant: { type: 'string' }, events: { type: 'string' } },
});
const [url] = positionals;
if (!url || !values.tenant) {
  console.error(usage);
  process.exit(2);
}
const events = (values.events ?? webhookEvents.join(','))
  .split(',')
  .map((event) => event.trim()) as WebhookEvent[];

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
try {
  await database.migrate();
  if (!(await findTenant(database.db, values.tenant))) {
    console.error(`No tenant ${values.tenant}.`);
    process.exitCode = 1;
  } else {
    const added = await addWebhookEndpoint(
      database.db,
      {
        tenantUrl: values.tenant,
        url,
        events,
        production: config.NODE_ENV === 'production',
      },
      config.SECRETS_KEY,
    );
    console.log(`Added receiver ${added.id} for ${values.tenant}: ${url} (${events.join(', ')}).`);
    console.log(`Signing secret (give it to the receiver privately): ${added.secret}`);
    console.log(
      `Each delivery is a POST of JSON with ${WEBHOOK_HEADERS.timestamp} and ${WEBHOOK_HEADERS.signature}: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">, two of them separated by a comma after a new secret (accept any).`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
