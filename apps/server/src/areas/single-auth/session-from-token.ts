import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { openSessionFor, type IssuedSession, type SessionPolicy } from '../authentication/session-service';
import { findTenant } from '../tenancy/tenant-repository';
import { deviceOf } from '../account/devices';
import { recordSignIn } from '../account/sign-in-events';
import { spendIdToken } from './spent-tokens';
import { resolveSingleAuth } from './tenant-settings';
import { singleAuthTokenVerifier, type TokenCheck } from './token-verifier';

const refusals: Record<Exclude<TokenCheck, { ok: true }>['code'], [number, string]> = {
  sso_token_expired: [401, 'Your sign-in has expired. Please sign in again.'],
  sso_token_invalid: [401, 'Your sign-in could not be checked. Please sign in again.'],
  sso_account_unknown: [401, 'This account is not linked to the member portal.'],
  sso_issuer_unavailable: [
    503,
    'Signing in is not available just now. Try again later or use your password.',
  ],
};

/** Opens a portal session (method SINGLE_AUTH) for the bearer of a verified OpenID token. */
export function singleAuthSessions(db: Database, embeddedIssuer: string, policy: SessionPolicy) {
  const verify = singleAuthTokenVerifier(db, embeddedIssuer);

  return async function createSession(request: FastifyRequest, token: string): Promise<IssuedSession> {
    const tenant = await findTenant(db, request.tenantUrl);
    if (!tenant) throw new AppError(404, 'tenant_not_found', 'No tenant is configured for this address.');
    const settings = resolveSingleAuth(tenant.singleAuth, embeddedIssuer);
    if (!settings || !tenant.authMethods.includes('SINGLE_AUTH')) {
      throw new AppError(403, 'single_auth_not_enabled', 'This portal does not offer single sign-in.');
    }
    const checked = await verify(token, settings);
    if (!checked.ok) {
      await audit(db, request, {
        action: 'sso_session_create',
        outcome: 'denied',
        details: { code: checked.code, reason: checked.reason, tenant: tenant.tenantUrl },
      });
      const [status, message] = refusals[checked.code];
      throw new AppError(status, checked.code, message);
    }
    if (!(await spendIdToken(db, token, checked.expiresAt))) {
      await audit(db, request, {
        action: 'sso_session_create',
        outcome: 'denied',
        userId: checked.userId,
        details: { code: 'sso_token_reused', tenant: tenant.tenantUrl },
      });
      throw new AppError(
        401,
        'sso_token_reused',
        'This sign-in has already been used. Please sign in again.',
      );
    }
    const session = await openSessionFor(
      db,
      checked.userId,
      {
        method: 'SINGLE_AUTH',
        businessGroups: tenant.businessGroups,
        tenantUrl: tenant.tenantUrl,
        device: deviceOf(request),
        // A sign-in at the embedded provider with two-step verification or a passkey counts as a
        // step-up, fresh from when it was made (the token's auth_time), not from now.
        steppedUp: checked.steppedUpAt ?? false,
        providerSid: checked.providerSid,
      },
      policy,
    );
    if (!session) {
      await audit(db, request, {
        action: 'sso_session_create',
        outcome: 'denied',
        userId: checked.userId,
        details: { reason: 'no_record_in_tenant', tenant: tenant.tenantUrl },
      });
      throw new AppError(403, 'record_not_in_tenant', 'You have no pension record with this portal.');
    }
    await audit(db, request, {
      action: 'sso_session_create',
      outcome: 'success',
      userId: session.userId,
      businessGroup: session.record.businessGroup,
      referenceNumber: session.record.referenceNumber,
      details: { issuer: checked.issuer },
    });
    await recordSignIn(db, request, {
      userId: session.userId,
      outcome: 'succeeded',
      method: checked.secondFactor ? 'two-step' : 'oidc',
    });
    return session;
  };
}
