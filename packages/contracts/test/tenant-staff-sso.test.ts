import { describe, expect, it } from 'vitest';
import { contentDocumentSchemas } from '../src';

const schema = contentDocumentSchemas['staff-sso'];
const bluewater = {
  issuer: 'https://login.bluewater.example',
  clientId: 'meridian-console',
  clientSecretEnv: 'STAFF_OIDC_CLIENT_SECRET_BLUEWATER',
};
const problem = (value: object) => {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue && `${issue.path.join('.')}: ${issue.message}`;
};

describe('a tenant’s staff single sign-on (staff-sso.json)', () => {
  it('reads a provider with the deployment’s defaults for what it leaves out', () => {
    expect(schema.parse(bluewater)).toEqual({
      ...bluewater,
      name: "your firm's",
      emailDomains: [],
      requireMfa: true,
      mfaAmr: ['mfa', 'otp', 'hwk'],
      mfaAcr: [],
    });
    expect(schema.parse({ ...bluewater, emailDomains: ['Bluewater.Example'] }).emailDomains).toEqual([
      'bluewater.example',
    ]);
  });

  it('keeps the secret out of content, names only STAFF_OIDC_CLIENT_SECRET_<NAME>, and needs https', () => {
    expect(problem({ ...bluewater, clientSecret: 'the secret itself' })).toBe(
      ': Unrecognized key: "clientSecret"',
    );
    for (const name of [
      'SECRETS_KEY',
      'DATABASE_URL',
      'STAFF_OIDC_CLIENT_SECRET',
      'staff_oidc_client_secret_x',
    ])
      expect(problem({ ...bluewater, clientSecretEnv: name }), name).toMatch(/^clientSecretEnv: /);
    expect(problem({ ...bluewater, issuer: 'http://login.bluewater.example' })).toMatch(/^issuer: /);
    expect(schema.safeParse({ ...bluewater, issuer: 'http://127.0.0.1:4455' }).success).toBe(true);
  });
});
