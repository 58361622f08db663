import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { caseEvents, memberCases, memberJourneys } from '../../src/db/schema';
import { fcaRegisterApi } from '../../src/areas/transfer-application/fca-register';
import { ConfigError, loadConfig } from '../../src/config';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { answerStep, stepUp } from './journey-submission';
import {
  adviserAddress,
  answerAdviceToEnd,
  answerAll,
  answerFlags,
  codeOf,
  schemeAnswers,
  transferBase as base,
  TRANSFER_TYPE,
} from './transfer-journey';

/**
 * The FCA register adapter (FCA_REGISTER_URL): a stand-in for the FCA Financial Services Register API
 * runs here over real HTTP, answering as the register does (`{ Status, Data: [...] }` for a firm, a map
 * of permission names for its permissions), and the transfer application asks it for the adviser's firm.
 */
const EMAIL = 'trustees@meridian.example';
const KEY = 'register-key';
/** The portal's timeout; the calls the register answers are given far longer, on a loaded machine. */
const TIMEOUT_MS = 1500;
const ANSWERED_WITHIN_MS = 20_000;

/** How the stand-in behaves: answering, answering too late, or failing every call. */
let mode: 'up' | 'slow' | 'failing' = 'up';
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

const permissions = {
  advice: 'Advising on investments (except Pension Transfers and Pension Opt Outs)',
  transfers: 'Advising on Pension Transfers and Pension Opt Outs',
};
const firms: Record<string, { name: string; status: string; permissions: string[] | null }> = {
  '7654321': {
    name: 'Northgate Pension Advice Ltd',
    status: 'Authorised',
    permissions: [permissions.advice, permissions.transfers],
  },
  '480021': { name: 'Broadway Wealth Ltd', status: 'Authorised', permissions: [permissions.advice] },
  '123456': { name: 'Former Advisers Ltd', status: 'No longer authorised', permissions: null },
  // Authorised, but its permissions cannot be read (the register fails that call).
  '654321': { name: 'Quayside Planning LLP', status: 'Authorised', permissions: null },
};

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const register = createServer((request, response) => {
  received.push({ url: request.url ?? '', headers: request.headers });
  if (mode === 'slow') {
    setTimeout(() => answer(response, 200, {}), ANSWERED_WITHIN_MS).unref();
    return;
  }
  if (mode === 'failing') return answer(response, 503, { Message: 'Service unavailable' });
  if (request.headers['x-auth-email'] !== EMAIL || request.headers['x-auth-key'] !== KEY)
    return answer(response, 401, { Message: 'Unauthorised' });
  const [, frn, part] = /^\/services\/V0\.1\/Firm\/(\d+)(?:\/(\w+))?$/.exec(request.url ?? '') ?? [];
  const firm = frn ? firms[frn] : undefined;
  if (!frn || (part && part !== 'Permissions')) return answer(response, 404, {});
  if (!firm)
    return answer(response, 200, { Status: 'FSR-API-02-01-11', Message: 'Firm not found', Data: null });
  if (part === 'Permissions')
    return firm.permissions
      ? answer(response, 200, {
          Status: 'FSR-API-02-03-00',
          Data: Object.fromEntries(firm.permissions.map((name) => [name, [{ 'Customer Type': ['Retail'] }]])),
        })
      : answer(response, 500, {});
  answer(response, 200, {
    Status: 'FSR-API-02-01-00',
    ResultInfo: { page: '1', per_page: '1', total_count: '1' },
    Message: 'Ok. Firm Found',
    Data: [
      {
        Permission: `https://register.fca.org.uk/services/V0.1/Firm/${frn}/Permissions`,
        'Organisation Name': firm.name,
        FRN: frn,
        Status: firm.status,
        'Business Type': 'Regulated',
      },
    ],
  });
});
await new Promise<void>((resolve) => register.listen(0, '127.0.0.1', resolve));
const registerUrl = `http://127.0.0.1:${(register.address() as AddressInfo).port}/services/V0.1`;
afterAll(() => {
  register.closeAllConnections();
  return new Promise<void>((resolve) => register.close(() => resolve()));
});

const ctx = useTestApp({
  FCA_REGISTER_URL: registerUrl,
  FCA_REGISTER_EMAIL: EMAIL,
  FCA_REGISTER_KEY: KEY,
  FCA_REGISTER_TIMEOUT_MS: String(TIMEOUT_MS),
});

const api = fcaRegisterApi({ url: registerUrl, email: EMAIL, key: KEY, timeoutMs: ANSWERED_WITHIN_MS });

describe('the FCA register API adapter', () => {
  it('reads a firm’s status, name and pension transfer permission, sending the key the FCA issued', async () => {
    mode = 'up';
    received.length = 0;
    expect(await api.check('7654321')).toEqual({
      outcome: 'authorised',
      name: 'Northgate Pension Advice Ltd',
      pensionTransfers: true,
    });
    expect(received.map((call) => call.url)).toEqual([
      '/services/V0.1/Firm/7654321',
      '/services/V0.1/Firm/7654321/Permissions',
    ]);
    expect(received[0]!.headers).toMatchObject({ 'x-auth-email': EMAIL, 'x-auth-key': KEY });
    expect(await api.check('480021')).toEqual({
      outcome: 'authorised',
      name: 'Broadway Wealth Ltd',
      pensionTransfers: false,
    });
    expect(await api.check('654321')).toEqual({
      outcome: 'authorised',
      name: 'Quayside Planning LLP',
      pensionTransfers: null,
    });
    expect(await api.check('123456')).toEqual({ outcome: 'not_authorised', status: 'No longer authorised' });
    expect(await api.check('999999')).toEqual({ outcome: 'not_authorised', status: null });
  });

  it('counts the register unavailable, not the firm unauthorised, when it refuses, fails, is slow or unreachable', async () => {
    mode = 'up';
    const wrongKey = fcaRegisterApi({
      url: registerUrl,
      email: EMAIL,
      key: 'old',
      timeoutMs: ANSWERED_WITHIN_MS,
    });
    expect(await wrongKey.check('7654321')).toEqual({ outcome: 'unavailable', reason: 'answered HTTP 401' });
    mode = 'failing';
    expect(await api.check('7654321')).toEqual({ outcome: 'unavailable', reason: 'answered HTTP 503' });
    mode = 'slow';
    const impatient = fcaRegisterApi({ url: registerUrl, email: EMAIL, key: KEY, timeoutMs: TIMEOUT_MS });
    const asked = Date.now();
    expect(await impatient.check('7654321')).toEqual({
      outcome: 'unavailable',
      reason: `no answer within ${TIMEOUT_MS} ms`,
    });
    expect(Date.now() - asked).toBeLessThan(ANSWERED_WITHIN_MS / 2);
    const nowhere = fcaRegisterApi({ url: 'http://127.0.0.1:1/x', email: EMAIL, key: KEY, timeoutMs: 1000 });
    expect(await nowhere.check('7654321')).toEqual({ outcome: 'unavailable', reason: 'not reachable' });
    mode = 'up';
  });

  it('is configured with its email and key, over https in production', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ FCA_REGISTER_URL: registerUrl })).toEqual([
      'FCA_REGISTER_EMAIL: required with FCA_REGISTER_URL',
      'FCA_REGISTER_KEY: required with FCA_REGISTER_URL',
    ]);
    expect(problems({ FCA_REGISTER_URL: 'register' })[0]).toMatch(/^FCA_REGISTER_URL: must be the base URL/);
    expect(problems({ FCA_REGISTER_TIMEOUT_MS: '20' })[0]).toMatch(/^FCA_REGISTER_TIMEOUT_MS/);
    expect(
      problems({
        NODE_ENV: 'production',
        API_URL: 'https://portal.example.org',
        EPA_DOMAIN: 'epa.example.org',
        SECRETS_KEY: 'x'.repeat(32),
        FCA_REGISTER_URL: registerUrl,
        FCA_REGISTER_EMAIL: EMAIL,
        FCA_REGISTER_KEY: KEY,
      }),
    ).toEqual(['FCA_REGISTER_URL: must be an https:// URL in production']);
  });
});

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

/** db.avc's transfer application, started and answered to the adviser's firm reference number. */
async function startedToAdviser(agent: BrowserAgent) {
  const post = (path: string, payload: object) =>
    agent.request({ method: 'POST', url: `${base}${path}`, payload });
  expect((await post('/start', { currentPageKey: 'ta_start' })).statusCode).toBe(204);
  expect((await post('/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
  await answerAll(agent, schemeAnswers);
  await answerFlags(agent, []);
  await answerAll(agent, [
    ['ta_advice', 'advice_taken', 'yes'],
    ['ta_adviser_firm', 'adviser_firm', 'Northgate Pension Advice'],
    adviserAddress,
  ]);
}

const journeyOf = async (referenceNumber: string) =>
  JSON.stringify(
    await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(
        and(eq(memberJourneys.referenceNumber, referenceNumber), eq(memberJourneys.type, TRANSFER_TYPE)),
      ),
  );

describe('the transfer application asking the FCA register', () => {
  it('refuses a firm the register does not show authorised, or without the pension transfer permission, changing nothing', async () => {
    mode = 'up';
    const agent = await signedIn('db.avc');
    await startedToAdviser(agent);
    const before = await journeyOf('1000003');
    for (const [typed, code] of [
      ['999999', 'fca_firm_not_authorised'],
      ['123456', 'fca_firm_not_authorised'],
      ['480021', 'fca_no_pension_transfer_permission'],
      ['12345', 'fca_reference_invalid'],
    ] as const) {
      const refused = await answerStep(agent, base, 'ta_adviser_fca', 'adviser_fca_number', typed);
      expect(codeOf(refused), typed).toBe(code);
    }
    expect(await journeyOf('1000003')).toBe(before);
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('takes the application when the register cannot be asked, flagging the case for the caseworker: adviser not checked', async () => {
    mode = 'slow';
    const agent = await signedIn('db.avc');
    await startedToAdviser(agent);
    // The register does not answer in time: the member is not stopped by its outage.
    await answerAdviceToEnd(agent, '7654321');
    await stepUp(agent, ctx.database);
    const sent = await agent.request({ method: 'POST', url: `${base}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^TOP9-\d+$/);
    const notes = await ctx.database.db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.caseNumber, caseNumber));
    expect(notes).toHaveLength(1);
    // The portal's own note, not the member's: no sign-in stands behind it.
    expect(notes[0]).toMatchObject({
      kind: 'note',
      actor: 'system',
      staffId: null,
      clientId: null,
      userId: null,
      memberNote: null,
    });
    expect(notes[0]!.note).toBe(
      `Adviser not checked: register unavailable. When the application was sent, the FCA register could not be asked (no answer within ${TIMEOUT_MS} ms), so the adviser's firm (FRN 7654321) is still to be checked on the FCA register before the transfer is paid.`,
    );
    const [opened] = await ctx.database.db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, caseNumber));
    expect(opened).toMatchObject({ status: 'Received', memberNote: null });
    mode = 'up';
  });
});
