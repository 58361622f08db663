import { addYears, isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it, vi } from 'vitest';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';
import { pdfText } from '../pdf-text';

const logLines: string[] = [];
const ctx = useTestApp(
  { LOG_LEVEL: 'warn' },
  { logStream: { write: (line: string) => void logLines.push(line) } },
);

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  await agent.signIn(username);
  return agent;
}

describe('retirement figures from the calculation engine', () => {
  it('gives a DB deferred member about 60 their time to retirement and age lines', async () => {
    const agent = await signedIn('db.deferred');
    const time = (await agent.request({ url: '/mdp-api/api/members/current/time-to-retirement' })).json();
    expect(time).toMatchObject({ currentAge: '60Y2M', ageAtNormalRetirement: 65, years: 4, months: 10 });
    expect(time.timeToNormalRetirement).toMatch(/^4Y10M\d+W\d+D$/);
    const lines = (await agent.request({ url: '/mdp-api/api/members/current/age-lines' })).json();
    expect(lines.ageLines[0]).toBe(65);
  });

  it('quotes a DB pension with a lump sum within its limits, stating the date and assumptions', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    expect(window.availableRetirementDateRange.from >= utcDay(new Date())).toBe(true);
    const quote = await agent.request({
      url: `/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${window.availableRetirementDateRange.from}`,
    });
    expect(quote.statusCode).toBe(200);
    const body = quote.json();
    expect(body).toMatchObject({ kind: 'DB', effectiveDate: window.availableRetirementDateRange.from });
    expect(body.assumptions.length).toBeGreaterThan(0);
    expect(body.lumpSum.maximumPence).toBeGreaterThan(0);
    expect(body.lumpSum.maximumPence).toBeLessThanOrEqual(body.lumpSum.hmrcLimitPence);
  });

  it('refuses a date the rules do not allow with a clear code', async () => {
    const agent = await signedIn('db.deferred');
    const past = await agent.request({
      url: '/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=2000-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].code).toBe('retirement_date_in_past');
    const late = addYears(isoDate(utcDay(new Date())), 30);
    const tooLate = await agent.request({
      url: `/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${late}`,
    });
    expect(tooLate.json().errors[0].code).toBe('retirement_date_after_latest');
    const garbage = await agent.request({
      url: '/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=soon',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('projects a DC pot to the target date and values a DB transfer with its guarantee', async () => {
    const dc = await signedIn('dc.near');
    const quote = (await dc.request({ url: '/mdp-api/api/v3/retirement/quotes' })).json();
    expect(quote).toMatchObject({ kind: 'DC' });
    expect(quote.projection.potPence).toBeGreaterThan(18_640_000);
    const db = await signedIn('db.deferred');
    const transfer = (await db.request({ url: '/mdp-api/api/retirement/transfer-quote' })).json();
    expect(transfer).toMatchObject({ guaranteed: false, issuedOn: null });
    expect(transfer.guaranteeDate).toBe(utcDay(new Date()));
    expect(transfer.guaranteedUntil > transfer.guaranteeDate).toBe(true);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.app.inject({ url: '/mdp-api/api/v3/retirement/quotes' })).statusCode).toBe(401);
  });
});

describe('content tokens', () => {
  it('gives display-ready values for the chosen record', async () => {
    const agent = await signedIn('dc.near');
    const { tokens, figuresUnavailable } = (
      await agent.request({ url: '/mdp-api/api/retirement/cms-token-information' })
    ).json();
    expect(figuresUnavailable).toBe(false);
    expect(tokens).toMatchObject({ name: 'Mrs Helen Brooks', target_retirement_age: '65' });
    expect(tokens.target_retirement_date).toMatch(/^\d{2} \w{3} \d{4}$/);
    expect(tokens.time_to_target_retirement).toMatch(/^0Y8M\d+W\d+D$/);
  });

  it('gives the current age as a full period, a zero period without a target and the application expiry', async () => {
    const agent = await signedIn('db.deferred');
    const { tokens } = (await agent.request({ url: '/mdp-api/api/retirement/cms-token-information' })).json();
    expect(tokens.current_age_formatted).toBe('60Y2M');
    expect(tokens.current_age_iso).toMatch(/^60Y2M\d+W\d+D$/);
    expect(tokens.time_to_target_retirement).toBe('0Y0M0W0D');
    expect(tokens).not.toHaveProperty('target_retirement_date');
    const status = (
      await agent.request({ url: '/mdp-api/api/members/current/retirement-application-status-v2' })
    ).json();
    const [year, month, day] = status.expirationRaDateForSelectedDate.split('-');
    const monthName = new Date(Date.UTC(2000, Number(month) - 1, 1)).toLocaleString('en-GB', {
      month: 'short',
      timeZone: 'UTC',
    });
    expect(tokens.retirement_journey_expiration_date).toBe(`${day} ${monthName} ${year}`);
  });

  it('leaves the application expiry out for a pensioner, who has no date to choose', async () => {
    const agent = await signedIn('db.pensioner');
    const { tokens } = (await agent.request({ url: '/mdp-api/api/retirement/cms-token-information' })).json();
    expect(tokens).not.toHaveProperty('retirement_journey_expiration_date');
    expect(tokens.time_to_target_retirement).toBe('0Y0M0W0D');
  });
});

describe('the DB retirement calculation, options and the member’s own tax-free cash', () => {
  const quotes = '/mdp-api/api/v3/retirement/quotes';

  it('gives the headline pension and the options on a birthday, and tells a pensioner there are none', async () => {
    const agent = await signedIn('db.deferred');
    const calculation = (await agent.request({ url: '/mdp-api/api/retirement/calculation' })).json();
    const standard = (await agent.request({ url: quotes })).json();
    expect(calculation).toMatchObject({
      isCalculationSuccessful: true,
      effectiveDate: standard.effectiveDate,
      totalPension: standard.fullPensionPence,
      totalAVCFund: standard.avcFundPence,
    });
    const atAge = (await agent.request({ url: '/mdp-api/api/retirement/options?age=65' })).json();
    const at65 = (
      await agent.request({ url: `${quotes}?selectedRetirementDate=${atAge.retirementDate}` })
    ).json();
    const kinds = Object.fromEntries(
      at65.options.map((option: { kind: string }) => [option.kind, option]),
    ) as Record<string, { lumpSumPence: number; residualPensionPence: number }>;
    expect(atAge).toEqual({
      isCalculationSuccessful: true,
      age: 65,
      retirementDate: at65.effectiveDate,
      fullPensionYearlyIncome: kinds['full-pension']!.residualPensionPence,
      maxLumpSum: kinds['maximum-lump-sum']!.lumpSumPence,
      maxLumpSumYearlyIncome: kinds['maximum-lump-sum']!.residualPensionPence,
    });
    expect(atAge.maxLumpSumYearlyIncome).toBeLessThan(atAge.fullPensionYearlyIncome);
    for (const age of ['0', '151', 'sixty']) {
      const refused = await agent.request({ url: `/mdp-api/api/retirement/options?age=${age}` });
      expect(refused.statusCode).toBe(400);
    }
    const past = await agent.request({ url: '/mdp-api/api/retirement/options?age=20' });
    expect(past.json().errors[0].code).toBe('retirement_date_in_past');

    const pensioner = await signedIn('db.pensioner');
    const none = (await pensioner.request({ url: '/mdp-api/api/retirement/calculation' })).json();
    expect(none).toMatchObject({ isCalculationSuccessful: false, dbCalculationStatus: 'forbidden' });
  });

  it('previews, keeps and clears an amount of tax-free cash, refusing one outside its limits', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const date = window.availableRetirementDateRange.from as string;
    const standard = (await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json();
    expect(standard.enteredLumpSumPence).toBeNull();
    const amount = Math.round(standard.lumpSum.maximumPence / 2);
    const preview = (
      await agent.request({
        url: `${quotes}/recalculate-lumpsum?requestedLumpSum=${amount}&selectedRetirementDate=${date}`,
      })
    ).json();
    const requested = preview.options.find(
      (option: { kind: string }) => option.kind === 'requested-lump-sum',
    );
    expect(requested.lumpSumPence).toBe(amount);
    expect(requested.residualPensionPence).toBeLessThan(standard.fullPensionPence);
    // A preview is not kept.
    expect((await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json()).toEqual(
      standard,
    );

    const tooMuch = standard.lumpSum.maximumPence + 100;
    for (const [query, status, code] of [
      [`requestedLumpSum=${tooMuch}&selectedRetirementDate=${date}`, 400, 'lump_sum_out_of_range'],
      [`requestedLumpSum=0&selectedRetirementDate=${date}`, 400, undefined],
      [`requestedLumpSum=${amount}&selectedRetirementDate=2001-01-01`, 400, 'retirement_date_in_past'],
    ] as const) {
      const refused = await agent.request({
        method: 'POST',
        url: `${quotes}/submit-recalculated-lumpsum?${query}`,
      });
      expect(refused.statusCode).toBe(status);
      if (code) expect(refused.json().errors[0].code).toBe(code);
    }
    expect((await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json()).toEqual(
      standard,
    );

    const kept = await agent.request({
      method: 'POST',
      url: `${quotes}/submit-recalculated-lumpsum?requestedLumpSum=${amount}&selectedRetirementDate=${date}`,
    });
    expect(kept.statusCode).toBe(204);
    const withAmount = (await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json();
    expect(withAmount.enteredLumpSumPence).toBe(amount);
    expect(withAmount.options).toContainEqual(requested);
    // Another date's quote does not carry it, nor does another member's.
    const later = (
      await agent.request({
        url: `${quotes}?selectedRetirementDate=${window.availableRetirementDateRange.to}`,
      })
    ).json();
    expect(later.enteredLumpSumPence).toBeNull();
    const other = await signedIn('db.retiring');
    expect((await other.request({ url: quotes })).json().enteredLumpSumPence).toBeNull();

    expect((await agent.request({ method: 'PUT', url: `${quotes}/clear-lumpsum` })).statusCode).toBe(204);
    expect((await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json()).toEqual(
      standard,
    );
  });

  it('gives the timeline of a retirement date: when to apply, confirmation, first pay and tax-free cash', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const date = window.availableRetirementDateRange.from as string;
    const timeline = (
      await agent.request({ url: `/mdp-api/api/retirement/timeline?selectedRetirementDate=${date}` })
    ).json();
    const quote = (await agent.request({ url: `${quotes}?selectedRetirementDate=${date}` })).json();
    expect(timeline).toMatchObject({
      retirementDate: date,
      firstMonthlyPensionPayDate: quote.payments.firstPaymentDate,
      lumpSumPayDate: quote.payments.lumpSumPaymentDate,
    });
    expect(timeline.latestStartRaDateForSelectedDate < timeline.retirementConfirmationDate).toBe(true);
    expect(timeline.retirementConfirmationDate < date).toBe(true);
    expect(timeline.firstMonthlyPensionPayDate > date).toBe(true);
    const refused = await agent.request({
      url: '/mdp-api/api/retirement/timeline?selectedRetirementDate=soon',
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('the option summary PDF', () => {
  it('gives each option for the chosen date as a PDF, and refuses a member without options or a bad date', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const date = window.availableRetirementDateRange.from as string;
    const quote = (
      await agent.request({ url: `/mdp-api/api/v3/retirement/quotes?selectedRetirementDate=${date}` })
    ).json();
    const response = await agent.request({
      url: `/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=${date}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="retirement-options-${date}.pdf"`,
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Your retirement options');
    expect(text).toContain('Full pension, no tax-free cash');
    expect(text).toContain('The most tax-free cash and a reduced pension');
    const pounds = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(pounds(quote.fullPensionPence));

    // The quote taken away is filed in the library once, however often it is downloaded.
    await agent.request({
      url: `/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=${date}`,
    });
    const library = (
      await agent.request({ url: '/mdp-api/api/members/current/documents?name=retirement-options' })
    ).json();
    expect(library.items).toMatchObject([
      { name: `retirement-options-${date}.pdf`, type: 'Retirement quote', kind: 'quote', isRead: false },
    ]);
    const kept = await agent.request({
      url: `/mdp-api/api/members/current/documents/${library.items[0].id}/download/protected-quote`,
    });
    expect(kept.statusCode).toBe(200);
    expect(await pdfText(kept.rawPayload)).toContain(pounds(quote.fullPensionPence));

    const refused = await agent.request({
      url: '/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=soon',
    });
    expect(refused.statusCode).toBe(400);
    const pensioner = await signedIn('db.pensioner');
    const none = await pensioner.request({ url: '/mdp-api/api/retirement/options/summary-pdf' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].code).toBe('lump_sum_not_offered');
    const pensionerLibrary = (
      await pensioner.request({ url: '/mdp-api/api/members/current/documents?name=retirement-options' })
    ).json();
    expect(pensionerLibrary.items).toEqual([]);
  });

  it('still sends the PDF when it cannot be filed in the library, and logs why without personal data', async () => {
    const agent = await signedIn('db.deferred');
    const window = (await agent.request({ url: '/mdp-api/api/v2/retirement/retirement-date' })).json();
    const date = window.availableRetirementDateRange.to as string;
    const failedWrite = vi
      .spyOn(ctx.app.documentLibrary.store, 'put')
      .mockRejectedValueOnce(new Error('document store unavailable'));
    logLines.length = 0;
    const response = await agent.request({
      url: `/mdp-api/api/retirement/options/summary-pdf?selectedRetirementDate=${date}`,
    });
    expect(failedWrite).toHaveBeenCalledOnce();
    failedWrite.mockRestore();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="retirement-options-${date}.pdf"`,
    );
    expect(await pdfText(response.rawPayload)).toContain('Your retirement options');
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
    expect(warning).toMatchObject({
      msg: 'retirement quote not filed in the library',
      failure: { message: 'document store unavailable' },
    });
    for (const personal of ['1000001', 'Hughes', 'AB123456C'])
      expect(logLines.join(''), personal).not.toContain(personal);
    const library = (
      await agent.request({ url: `/mdp-api/api/members/current/documents?name=retirement-options-${date}` })
    ).json();
    expect(library.items).toEqual([]);
  });
});
