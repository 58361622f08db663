import { addMonths, utcDay } from '@meridian/pensions';
import type { Database } from '../../src/db/client';
import { members } from '../../src/db/schema';
import type { BrowserAgent } from './browser-agent';

/** The registration endpoints the API tests drive. */
export const registrationUrls = {
  start: '/authentication-api/api/registration/start',
  confirm: '/authentication-api/api/registration/confirm',
};

/** Sam Patel, the demo member (1000009) with no account yet: aged 48 and a half today. */
export const samDateOfBirth = () => addMonths(utcDay(new Date()), -(48 * 12 + 6));
export const samDetails = (overrides: Record<string, string> = {}) => ({
  referenceNumber: '1000009',
  dateOfBirth: samDateOfBirth(),
  insuranceNumber: 'QQ123456B',
  ...overrides,
});

/** The six-digit code in a registration message. */
export const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

/** Adds a deferred Meridian member with no account, and returns the details they register with. */
export async function addMemberToRegister(
  db: Database,
  member: {
    referenceNumber: string;
    forenames: string;
    surname: string;
    dateOfBirth: string;
    insuranceNumber: string;
    email?: string;
    mobilePhone?: string;
  },
) {
  const { referenceNumber, dateOfBirth, insuranceNumber } = member;
  await db.insert(members).values({
    businessGroup: 'MER',
    referenceNumber,
    schemeCode: 'MDB',
    category: 'GEN',
    status: 'Deferred',
    forenames: member.forenames,
    surname: member.surname,
    gender: 'U',
    dateOfBirth,
    insuranceNumber,
    email: member.email ?? null,
    mobilePhone: member.mobilePhone ?? null,
  });
  return { referenceNumber, dateOfBirth, insuranceNumber };
}

/** Confirms a registration with its code, choosing a username and password (overridable). */
export const confirmRegistration = (
  agent: BrowserAgent,
  payload: Record<string, string>,
  remoteAddress?: string,
) =>
  agent.request({
    method: 'POST',
    url: registrationUrls.confirm,
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { username: 'sam.patel', password: 'a long passphrase 2026', ...payload },
  });
