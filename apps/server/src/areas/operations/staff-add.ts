import type { FastifyBaseLogger } from 'fastify';
import type { StaffRole } from '@meridian/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { staffAudit } from '../../db/schema';
import { isUniqueViolation } from '../../lib/errors';
import type { OutboxDelivery } from '../../lib/outbox';
import { loadSigningKey } from '../../lib/server-keys';
import { findTenant } from '../tenancy/tenant-repository';
import { inviteStaffByEmail, STAFF_SETUP_HOURS } from './staff-accounts';

export interface StaffToAdd {
  email: string;
  name: string;
  role: StaffRole;
  /** Null for an administrator firm's staff, who work every tenant. */
  tenantUrl: string | null;
}

type CommandConfig = Pick<Config, 'API_URL' | 'PORT' | 'SMTP_URL' | 'NODE_ENV' | 'SECRETS_KEY' | 'demo'>;

/**
 * `npm run staff:add`: adds a member of staff as the console's Add does, emailing them the one-time
 * link to set their password (through the outbox's job queue, sent by the server's worker), audited as
 * the command's. Answers the lines to print (never the link or a password) and whether it worked.
 */
export async function addStaffFromCommand(
  db: Database,
  log: FastifyBaseLogger,
  config: CommandConfig,
  staff: StaffToAdd,
  operator: string,
): Promise<{ ok: boolean; lines: string[] }> {
  // In production a link without SMTP is blanked in the outbox and never sent: an account nobody could
  // set up, whose address could not be added again.
  if (config.NODE_ENV === 'production' && !config.demo && !config.SMTP_URL)
    return {
      ok: false,
      lines: [
        'SMTP_URL is not set, so the link to set a password could not be emailed. Run this with the server’s settings. Nothing was added.',
      ],
    };
  const tenant = staff.tenantUrl === null ? null : await findTenant(db, staff.tenantUrl);
  if (staff.tenantUrl !== null && !tenant) return { ok: false, lines: [`No tenant ${staff.tenantUrl}.`] };
  const origin = config.API_URL ?? `http://localhost:${config.PORT}`;
  const delivery: OutboxDelivery = {
    channels: { email: Boolean(config.SMTP_URL), sms: false },
    keepCodes: config.NODE_ENV !== 'production',
    codeKey: await loadSigningKey(db, 'outbox-letters', config.SECRETS_KEY),
    wake: () => undefined,
  };
  try {
    await db.transaction(async (tx) => {
      const invited = await inviteStaffByEmail(
        tx,
        log,
        staff,
        {
          schemeName: tenant?.tenantName ?? 'Meridian',
          origin,
          originTenant: new URL(origin).hostname,
          addedBy: null,
        },
        delivery,
      );
      await tx.insert(staffAudit).values({
        action: 'staff_account_add',
        outcome: 'success',
        tenantUrl: staff.tenantUrl,
        details: { staffId: invited.id, ...staff, via: 'command', operator },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, lines: [`${staff.email} is already a member of staff.`] };
  }
  const lines = [
    `Added ${staff.email} (${staff.role}, ${staff.tenantUrl ?? 'all tenants'}).`,
    `A link to set their password (it works for ${STAFF_SETUP_HOURS} hours) is emailed to ${staff.email}; they set up their authenticator app when they first sign in.`,
  ];
  if (config.demo)
    lines.push(
      `In the demo the email goes to the demo outbox: ${origin.replace(/\/$/, '')}/api/dev/outbox?recipient=${encodeURIComponent(staff.email.toLowerCase())}`,
    );
  else if (!config.SMTP_URL)
    lines.push('SMTP_URL is not set, so it waits in the outbox (the console’s Outbox page) and is not sent.');
  return { ok: true, lines };
}
