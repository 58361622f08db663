import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalculationError,
  CalculationProviderError,
  createHttpCalculationProvider,
  createLocalCalculationProvider,
  handleCalculationRequest,
  type CalculationProvider,
  type TransferQuoteRequest,
} from '../src';

const local = createLocalCalculationProvider();

const deferredMember: TransferQuoteRequest['member'] = {
  status: 'Deferred',
  dateOfBirth: '1966-03-31',
  dateLeftScheme: '2016-03-31',
  gender: 'F',
  benefits: {
    tranches: [
      { code: 'PRE09', annualPensionPence: 420_000, revaluationCapPercent: 5 },
      { code: 'POST09', annualPensionPence: 1_310_000, revaluationCapPercent: 2.5 },
    ],
    avcFundPence: 3_845_000,
    finalPensionableSalaryPence: 6_800_000,
  },
};

const dcMember = {
  status: 'Active',
  dateOfBirth: '1961-09-15',
  benefits: {
    potPence: 18_640_000,
    monthlyContributionPence: 62_500,
    targetRetirementAge: 65,
    investment: { strategy: 'LIFESTYLE_DRAWDOWN' },
  },
} as const;

describe('local calculation provider', () => {
  it('answers retirement dates and ages', async () => {
    const summary = await local.retirementDatesAges({
      schemeCode: 'MDB',
      today: '2026-02-01',
      member: deferredMember,
      preRetirementAgePeriodInYears: 5,
      newlyRetiredRangeInMonths: 6,
    });
    expect(summary).toMatchObject({
      dates: { earliest: '2021-03-31', normal: '2031-03-31', latest: '2041-03-31', target: null },
      currentAge: '59Y10M',
      lifeStage: 'EligibleToRetire',
      // assessed for the default date, the effective date (NRD, more than 6 months away)
      retirementApplicationStatus: 'RetirementDateOutOfRange',
      defaultRetirementDate: '2031-03-31',
      window: { from: '2026-03-10', to: '2041-03-31', open: true },
      ages: { gmp: 60 },
      ageLines: [65, 66, 67, 68, 69],
      timeToNormalRetirement: '5Y1M4W2D',
    });
  });

  it('quotes DB and DC retirements and transfers from raw records', async () => {
    const db = await local.retirementQuote({
      schemeCode: 'MDB',
      today: '2026-02-01',
      member: deferredMember,
      retirementDate: '2026-03-31',
    });
    expect(db).toMatchObject({ kind: 'DB', fullPensionPence: 1_717_965 });
    const dc = await local.retirementQuote({ schemeCode: 'MDC', today: '2026-01-15', member: dcMember });
    expect(dc).toMatchObject({ kind: 'DC', projection: { potPence: 19_595_673 } });
    const transfer = await local.transferQuote({
      schemeCode: 'MDB',
      today: '2026-01-10',
      member: deferredMember,
    });
    expect(transfer.kind).toBe('transfer');
    const partial = await local.partialTransferByValue({
      schemeCode: 'MDB',
      today: '2026-01-10',
      member: deferredMember,
      transferValuePence: 1_000_000,
    });
    expect(partial.partial.transferValuePence).toBe(1_000_000);
    const byPension = await local.partialTransferByResidualPension({
      schemeCode: 'MDB',
      today: '2026-01-10',
      member: deferredMember,
      residualPensionPence: 0,
    });
    expect(byPension.partial.transferValuePence).toBe(byPension.quote.transferValuePence);
  });

  it('rejects bad requests, unknown schemes and the wrong kind with coded errors', async () => {
    await expect(
      local.retirementQuote({ schemeCode: 'MDB', today: '2026-02-30', member: deferredMember }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      local.retirementQuote({ schemeCode: 'NOPE', today: '2026-02-01', member: deferredMember }),
    ).rejects.toMatchObject({ code: 'unknown_scheme' });
    await expect(
      local.transferQuote({ schemeCode: 'MDC', today: '2026-02-01', member: deferredMember }),
    ).rejects.toMatchObject({ code: 'wrong_scheme_kind' });
    await expect(
      local.retirementQuote({ schemeCode: 'MDC', today: '2026-02-01', member: deferredMember }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('takes scheme configuration from the injected lookup', async () => {
    const calls: string[] = [];
    const provider = createLocalCalculationProvider((code) => {
      calls.push(code);
      throw new Error('store down');
    });
    await expect(
      provider.transferQuote({ schemeCode: 'MDB', today: '2026-01-10', member: deferredMember }),
    ).rejects.toThrow('store down');
    expect(calls).toEqual(['MDB']);
  });
});

describe('HTTP calculation provider', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { path: string; auth: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', async () => {
        const path = (req.url ?? '').replace(/^\/calc\//, '');
        seen.push({ path, auth: req.headers.authorization });
        if (path === 'broken') {
          res.writeHead(502).end('bad gateway');
          return;
        }
        const answer = await handleCalculationRequest(local, path, JSON.parse(raw));
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calc/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives the same figures as the engine over a real socket', async () => {
    const remote = createHttpCalculationProvider({
      baseUrl,
      fetch: globalThis.fetch,
      headers: { authorization: 'Bearer t' },
    });
    const request = {
      schemeCode: 'MDB',
      today: '2026-02-01',
      member: deferredMember,
      retirementDate: '2026-03-31',
    };
    expect(await remote.retirementQuote(request)).toEqual(await local.retirementQuote(request));
    expect(seen.at(-1)).toEqual({ path: 'retirement-quote', auth: 'Bearer t' });
  });

  it('turns coded error bodies back into CalculationErrors', async () => {
    const remote = createHttpCalculationProvider({ baseUrl, fetch: globalThis.fetch });
    const failure = remote.retirementQuote({
      schemeCode: 'MDB',
      today: '2026-02-01',
      member: deferredMember,
      retirementDate: '2020-01-01',
    });
    await expect(failure).rejects.toBeInstanceOf(CalculationError);
    await expect(failure).rejects.toMatchObject({ code: 'retirement_date_in_past' });
  });

  it('works with an injected fetch and reports unusable answers', async () => {
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url).replace('https://admin.example/api/', '');
      const answer = await handleCalculationRequest(local, path, JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }) as typeof fetch;
    const remote: CalculationProvider = createHttpCalculationProvider({
      baseUrl: 'https://admin.example/api',
      fetch: fakeFetch,
    });
    const transfer = await remote.transferQuote({
      schemeCode: 'MDB',
      today: '2026-01-10',
      member: deferredMember,
    });
    expect(transfer.transferValuePence).toBeGreaterThan(0);

    const down = createHttpCalculationProvider({
      baseUrl: 'http://x',
      fetch: (async () => {
        throw new TypeError('ECONNREFUSED');
      }) as typeof fetch,
    });
    await expect(
      down.transferQuote({ schemeCode: 'MDB', today: '2026-01-10', member: deferredMember }),
    ).rejects.toBeInstanceOf(CalculationProviderError);
    const gateway = createHttpCalculationProvider({
      baseUrl: `${baseUrl}`,
      fetch: ((url: string, init: RequestInit) =>
        globalThis.fetch(url.replace('transfer-quote', 'broken'), init)) as typeof fetch,
    });
    await expect(
      gateway.transferQuote({ schemeCode: 'MDB', today: '2026-01-10', member: deferredMember }),
    ).rejects.toMatchObject({ status: 502 });
  });

  it('routes unknown paths to 404 and hides internal errors', async () => {
    expect((await handleCalculationRequest(local, 'nope', {})).status).toBe(404);
    const exploding = {
      ...local,
      transferQuote: async () => {
        throw new Error('secret');
      },
    } as CalculationProvider;
    expect(await handleCalculationRequest(exploding, 'transfer-quote', {})).toEqual({
      status: 500,
      body: { errors: [{ code: 'something_went_wrong', message: 'Calculation failed' }] },
    });
  });
});
