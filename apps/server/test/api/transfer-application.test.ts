import { and, desc, eq } from 'drizzle-orm';
import { addMonths, daysBetween, isoDate, utcDay } from '@meridian/pensions';
import { describe, expect, it } from 'vitest';
import { memberCases, memberJourneys, outboxMessages, storedTransferQuotes } from '../../src/db/schema';
import { BrowserAgent } from './browser-agent';
import { files, uploadForm } from './document-files';
import { useTestApp } from './harness';
import { stepUp, answerStep, submitApplication } from './journey-submission';
import { pdfText } from '../pdf-text';
import {
  adviserAddress,
  TRANSFER_TYPE as TYPE,
  answerAdviceToEnd,
  answerAll,
  answerFlags,
  codeOf,
  uploaded,
  schemeAnswers,
  schemeBank,
  transferBase as base,
  wholeValue,
} from './transfer-journey';

/**
 * The transfer application (content/tenants/meridian/pages/transfer-application, plugin
 * areas/transfer-application): db.avc's guaranteed transfer value is locked at start, and each rule of
 * the 2021 transfer conditions, the advice rule and the guarantee is refused with a code, changing nothing.
 */
const ctx = useTestApp();
const alias = '/mdp-api/api/v2/transfer-journeys';

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}

let avcSession: BrowserAgent | undefined;
/**
 * db.avc signed in once for the tests that send: the step-up confirmed before one send holds for the
 * next (a new session would ask for another code inside the resend wait).
 */
async function avcSending() {
  return (avcSession ??= await signedIn('db.avc'));
}

const post = (agent: BrowserAgent, path: string, payload: object) =>
  agent.request({ method: 'POST', url: `${base}${path}`, payload });
const get = (agent: BrowserAgent, path: string) => agent.request({ url: `${base}${path}` });
const answer = (
  agent: BrowserAgent,
  page: string,
  question: string,
  answerKey: string,
  answerValue?: string,
) => answerStep(agent, base, page, question, answerKey, answerValue);
const state = async (agent: BrowserAgent) => (await get(agent, '/data')).json();
const transferStatus = async (agent: BrowserAgent) =>
  (await agent.request({ url: '/mdp-api/api/content/recalculate-access-key?tenantUrl=localhost' })).json()
    .attributes.transferApplicationStatus as string;

const start = (agent: BrowserAgent) => post(agent, '/start', { currentPageKey: 'ta_start' });
const setStatus = (agent: BrowserAgent, status: string) =>
  agent.request({ method: 'POST', url: `${alias}/transfer-application-status`, payload: { status } });

/** Why the Pension Wise page says the member must be offered guidance, read with a fresh access key. */
async function pensionWiseReasons(agent: BrowserAgent) {
  const { contentAccessKey } = (
    await agent.request({ url: '/mdp-api/api/content/recalculate-access-key?tenantUrl=localhost' })
  ).json();
  const page = await agent.request({
    url: `/content-api/api/v2/content/authorized-page?pageUrl=/transfer/apply/pension-wise&contentAccessKey=${contentAccessKey}`,
  });
  expect(page.statusCode, page.body).toBe(200);
  const texts = (page.json().blocks as { html?: string }[]).map((block) => block.html ?? '');
  return [
    'transferring to take money from your pension',
    'have already taken money flexibly from a pension',
  ].filter((reason) => texts.some((text) => text.includes(reason)));
}

/**
 * From the first page through the receiving scheme (a personal pension) to the first red flag: the
 * whole value, or this part of it (pounds as typed).
 */
async function answerScheme(agent: BrowserAgent, part?: string) {
  expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).json()).toEqual({
    nextPageKey: 'ta_scams',
  });
  await answerAll(
    agent,
    schemeAnswers.flatMap((answered) =>
      answered === wholeValue && part
        ? [
            ['ta_amount', 'transfer_amount', 'part'] as const,
            ['ta_partial_value', 'partial_transfer_value', part] as const,
          ]
        : [answered],
    ),
  );
}

/** What a refusal must leave alone: the member's transfer journeys and cases. */
async function stored(referenceNumber: string) {
  const db = ctx.database.db;
  const journeys = await db
    .select()
    .from(memberJourneys)
    .where(and(eq(memberJourneys.referenceNumber, referenceNumber), eq(memberJourneys.type, TYPE)));
  const cases = await db.select().from(memberCases).where(eq(memberCases.referenceNumber, referenceNumber));
  return JSON.stringify({ journeys, cases });
}

describe('the transfer application', () => {
  it('is refused to a member with no guaranteed transfer value, and to one who cannot transfer', async () => {
    const deferred = await signedIn('db.deferred');
    const before = await stored('1000001');
    expect(codeOf(await start(deferred))).toBe('transfer_quote_not_found');
    expect(
      codeOf(await deferred.request({ url: `${alias}/pension-tranches?requestedTransferValue=100000` })),
    ).toBe('journey_not_found');
    expect(await stored('1000001')).toBe(before);
    expect(await transferStatus(deferred)).toBe('NotStartedTA');
    const pensioner = await signedIn('db.pensioner');
    expect(codeOf(await start(pensioner))).toBe('journey_not_open');
    expect(codeOf(await setStatus(pensioner, 'StartedTA'))).toBe('transfer_status_not_settable');
    expect(await transferStatus(pensioner)).toBe('UnavailableTA');
  });

  it('never asks a Bluewater member how much to transfer: their scheme transfers the whole pension only', async () => {
    const agent = new BrowserAgent(ctx.app, 'bluewater.localhost');
    expect((await agent.signIn('second.member')).statusCode).toBe(200);
    const statement = { method: 'POST', url: '/mdp-api/api/transfer-value/statement', payload: {} } as const;
    expect((await agent.request(statement)).statusCode).toBe(201);
    expect((await start(agent)).statusCode).toBeLessThan(300);
    expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).json()).toEqual({
      nextPageKey: 'ta_scams',
    });
    const warned = await answer(agent, 'ta_scams', 'scam_check', 'continue');
    expect(warned.json()).toEqual({ nextPageKey: 'ta_scheme_type' });
    const before = await stored('2000001');
    expect(codeOf(await answer(agent, 'ta_amount', 'transfer_amount', 'part'))).toBeDefined();
    expect(await stored('2000001')).toBe(before);
    expect((await agent.request({ url: `${alias}/transfer-application` })).json()).toMatchObject({
      partialTransferValue: null,
      residualPension: null,
    });
  });

  it('ends on a refusal page when a red flag is answered: OutsideTA, nothing more taken, and a new start is allowed', async () => {
    const agent = await signedIn('db.avc');
    expect(await transferStatus(agent)).toBe('NotStartedTA');
    // The status call: v1 and v2 read it; a member may move it only to StartedTA (a start).
    for (const version of ['/mdp-api/api', '/mdp-api/api/v2'])
      expect(
        (await agent.request({ url: `${version}/transfer-journeys/transfer-application-status` })).json(),
      ).toEqual({ status: 'NotStartedTA' });
    const before = await stored('1000003');
    for (const status of ['SubmittedTA', 'SubmitStarted', 'OutsideTA', 'NotStartedTA', 'UnavailableTA'])
      expect(codeOf(await setStatus(agent, status)), status).toBe('transfer_status_not_settable');
    expect(codeOf(await setStatus(agent, 'Finished'))).toBe('field_invalid');
    expect(await stored('1000003')).toBe(before);
    expect((await setStatus(agent, 'StartedTA')).json()).toEqual({ status: 'StartedTA' });
    const started = await stored('1000003');
    expect((await setStatus(agent, 'StartedTA')).json()).toEqual({ status: 'StartedTA' });
    expect(await stored('1000003')).toBe(started);
    expect(await transferStatus(agent)).toBe('StartedTA');
    await answerScheme(agent);
    await answerAll(agent, [['ta_red_evidence', 'red_evidence', 'no']]);
    expect((await answer(agent, 'ta_red_guidance', 'red_guidance', 'no')).json()).toEqual({
      nextPageKey: 'ta_red_adviser',
    });
    expect((await answer(agent, 'ta_red_adviser', 'red_adviser', 'no')).json()).toEqual({
      nextPageKey: 'ta_red_contact',
    });
    expect((await answer(agent, 'ta_red_contact', 'red_contact', 'yes')).json()).toEqual({
      nextPageKey: 'ta_refused_contact',
    });
    const ended = await state(agent);
    expect(ended).toMatchObject({ status: 'Ended', currentPageKey: 'ta_refused_contact' });
    expect(await transferStatus(agent)).toBe('OutsideTA');
    const endedRows = await stored('1000003');
    expect(codeOf(await answer(agent, 'ta_red_incentive', 'red_incentive', 'no'))).toBe('journey_ended');
    expect(codeOf(await post(agent, '/submit', {}))).toBe('journey_ended');
    expect(await stored('1000003')).toBe(endedRows);
    // The member may start again (an answer given by mistake), by start or by the status call.
    expect((await setStatus(agent, 'StartedTA')).json()).toEqual({ status: 'StartedTA' });
    expect(await transferStatus(agent)).toBe('StartedTA');
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('refuses a bad tax reference, advice missing over £30,000, an FCA number of the wrong form or not on the register, and an amber flag without its reference', async () => {
    const agent = await signedIn('db.avc');
    expect((await start(agent)).statusCode).toBe(204);
    await answerAll(agent, []);
    expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
    await answerAll(agent, [
      ['ta_scams', 'scam_check', 'continue'],
      wholeValue,
      ['ta_scheme_type', 'receiving_scheme_type', 'personal_pension'],
      ['ta_scheme_name', 'receiving_scheme_name', 'Harbour SIPP'],
      ['ta_scheme_address', 'receiving_scheme_address', '1 Quay Street, Manchester, M3 3JZ'],
    ]);
    let before = await stored('1000003');
    for (const bad of ['1234567RA', '12345678R1', 'ABCDEFGHRA'])
      expect(codeOf(await answer(agent, 'ta_scheme_pstr', 'receiving_scheme_pstr', bad)), bad).toBe(
        'pstr_invalid',
      );
    expect(await stored('1000003')).toBe(before);
    await answerAll(agent, [
      ['ta_scheme_pstr', 'receiving_scheme_pstr', '12345678 ra'],
      [
        'ta_administrator',
        'scheme_administrator',
        'provided',
        JSON.stringify({
          forenames: 'Alex',
          surname: 'Morgan',
          email: 'admin@harbour.example',
          phone: '+441619460000',
        }),
      ],
      // The scheme's own account: not in the member's name, checked by the bank's rules only.
      ['ta_payment', 'receiving_scheme_bank', 'provided', schemeBank],
    ]);
    await answerFlags(agent, ['fees', 'overseas']);
    expect((await state(agent)).currentPageKey).toBe('ta_safeguarding');
    before = await stored('1000003');
    // The amber flags lead to the safeguarding reference: it cannot be left out nor stepped round.
    expect(codeOf(await answer(agent, 'ta_safeguarding', 'safeguarding_reference', '   '))).toBe(
      'answer_required',
    );
    expect(codeOf(await answer(agent, 'ta_advice', 'advice_taken', 'yes'))).toBe('page_not_reachable');
    expect(codeOf(await post(agent, '/submit', {}))).toBe('safeguarding_reference_required');
    expect(await stored('1000003')).toBe(before);
    await answerAll(agent, [['ta_safeguarding', 'safeguarding_reference', 'PSG-4471-2093']]);
    // db.avc's guaranteed value is well over £30,000: advice is needed.
    before = await stored('1000003');
    expect(codeOf(await answer(agent, 'ta_advice', 'advice_taken', 'no'))).toBe('advice_required');
    expect(await stored('1000003')).toBe(before);
    await answerAll(agent, [
      ['ta_advice', 'advice_taken', 'yes'],
      ['ta_adviser_firm', 'adviser_firm', 'Northgate Pension Advice'],
      adviserAddress,
    ]);
    before = await stored('1000003');
    for (const [typed, code] of [
      ['12345', 'fca_reference_invalid'],
      ['12345678', 'fca_reference_invalid'],
      ['12345A', 'fca_reference_invalid'],
      ['999999', 'fca_firm_not_authorised'],
    ] as const)
      expect(codeOf(await answer(agent, 'ta_adviser_fca', 'adviser_fca_number', typed)), typed).toBe(code);
    expect(await stored('1000003')).toBe(before);
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('asks no flag questions for a condition 1 scheme, and counts an overseas scheme without a residency link as an amber flag', async () => {
    const agent = await signedIn('db.avc');
    expect((await start(agent)).statusCode).toBe(204);
    expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
    const administrator = JSON.stringify({
      forenames: 'Sam',
      surname: 'Lee',
      email: 'sam@scheme.example',
      phone: '+35621234567',
    });
    await answerAll(agent, [
      ['ta_scams', 'scam_check', 'continue'],
      wholeValue,
      ['ta_scheme_type', 'receiving_scheme_type', 'public_service'],
      ['ta_scheme_name', 'receiving_scheme_name', 'NHS Pension Scheme'],
      ['ta_scheme_address', 'receiving_scheme_address', 'PO Box 1, Darlington, DL1 9ZZ'],
      ['ta_scheme_pstr', 'receiving_scheme_pstr', '00615336RN'],
      ['ta_administrator', 'scheme_administrator', 'provided', administrator],
    ]);
    // Condition 1: straight from the payment details to advice.
    expect(
      (await answer(agent, 'ta_payment', 'receiving_scheme_bank', 'provided', schemeBank)).json(),
    ).toEqual({
      nextPageKey: 'ta_advice',
    });
    // An overseas scheme: its QROPS reference, then residency; none shown is an amber flag.
    expect((await answer(agent, 'ta_scheme_type', 'receiving_scheme_type', 'qrops')).statusCode).toBe(200);
    expect(
      (await answer(agent, 'ta_scheme_name', 'receiving_scheme_name', 'Malta Retirement Plan')).statusCode,
    ).toBe(200);
    expect(
      (
        await answer(
          agent,
          'ta_scheme_address',
          'receiving_scheme_address',
          '1 Triq il-Kbira, Valletta, Malta',
        )
      ).json(),
    ).toEqual({ nextPageKey: 'ta_scheme_qrops' });
    await answerAll(agent, [
      ['ta_scheme_qrops', 'receiving_scheme_qrops_reference', 'QROPS 123456'],
      ['ta_administrator', 'scheme_administrator', 'provided', administrator],
    ]);
    expect(
      (await answer(agent, 'ta_payment', 'receiving_scheme_bank', 'provided', schemeBank)).json(),
    ).toEqual({
      nextPageKey: 'ta_residency',
    });
    expect((await answer(agent, 'ta_residency', 'residency_link', 'no')).json()).toEqual({
      nextPageKey: 'ta_red_evidence',
    });
    await answerFlags(agent, []);
    expect((await state(agent)).currentPageKey).toBe('ta_safeguarding');
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('asks for the employment link to another workplace scheme: with its evidence the flag questions follow, without it they follow too and the missing link is an amber flag needing the safeguarding reference', async () => {
    const agent = await signedIn('db.avc');
    /** Through the receiving scheme, an occupational one (condition 2), to its payment details. */
    const toEmploymentLink = async () => {
      expect((await start(agent)).statusCode).toBe(204);
      expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
      await answerAll(agent, [
        ['ta_scams', 'scam_check', 'continue'],
        wholeValue,
        ['ta_scheme_type', 'receiving_scheme_type', 'occupational'],
        ['ta_scheme_name', 'receiving_scheme_name', 'Northgate Engineering Pension Plan'],
        ['ta_scheme_address', 'receiving_scheme_address', '5 Mill Lane, Leeds, LS1 4AP'],
        ['ta_scheme_pstr', 'receiving_scheme_pstr', '10234567RB'],
        [
          'ta_administrator',
          'scheme_administrator',
          'provided',
          JSON.stringify({
            forenames: 'Jo',
            surname: 'Patel',
            email: 'pensions@northgate.example',
            phone: '+441132460000',
          }),
        ],
      ]);
      // Not a condition 1 scheme and not overseas: the employment link is asked before any flag.
      expect(
        (await answer(agent, 'ta_payment', 'receiving_scheme_bank', 'provided', schemeBank)).json(),
      ).toEqual({ nextPageKey: 'ta_employment_link' });
    };

    // With the link: its evidence is asked for, then the flag questions; no flag, so on to advice.
    await toEmploymentLink();
    expect((await answer(agent, 'ta_employment_link', 'employment_link', 'yes')).json()).toEqual({
      nextPageKey: 'ta_evidence_upload',
    });
    let before = await stored('1000003');
    expect(codeOf(await answer(agent, 'ta_red_evidence', 'red_evidence', 'no'))).toBe('page_not_reachable');
    expect(
      codeOf(
        await answer(
          agent,
          'ta_evidence_upload',
          'link_evidence',
          'provided',
          JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', name: 'payslip.pdf' }),
        ),
      ),
    ).toBe('file_not_found');
    expect(await stored('1000003')).toBe(before);
    const evidence = await uploaded(
      agent,
      'payslip.pdf',
      'Upload evidence of your link to the receiving scheme',
    );
    expect((await answer(agent, 'ta_evidence_upload', 'link_evidence', 'provided', evidence)).json()).toEqual(
      {
        nextPageKey: 'ta_red_evidence',
      },
    );
    await answerFlags(agent, []);
    expect((await state(agent)).currentPageKey).toBe('ta_advice');
    // Both kept with the application, for the trustees' due diligence.
    expect((await get(agent, '/question-form/ta_employment_link')).json()).toMatchObject({
      questionKey: 'employment_link',
      answerKey: 'yes',
    });
    expect((await get(agent, '/question-form/ta_evidence_upload')).json()).toMatchObject({
      questionKey: 'link_evidence',
      answerValue: evidence,
    });
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);

    // Without it: no evidence asked, the flag questions still follow, and the missing link counts as an
    // amber flag (2021 regulations): the safeguarding reference is needed before the transfer can go.
    await toEmploymentLink();
    expect((await answer(agent, 'ta_employment_link', 'employment_link', 'no')).json()).toEqual({
      nextPageKey: 'ta_red_evidence',
    });
    await answerFlags(agent, []);
    expect((await state(agent)).currentPageKey).toBe('ta_safeguarding');
    before = await stored('1000003');
    expect(codeOf(await answer(agent, 'ta_advice', 'advice_taken', 'yes'))).toBe('page_not_reachable');
    expect(codeOf(await post(agent, '/submit', {}))).toBe('safeguarding_reference_required');
    expect(await stored('1000003')).toBe(before);
    expect(
      (await answer(agent, 'ta_safeguarding', 'safeguarding_reference', 'PSG-5120-3381')).json(),
    ).toEqual({ nextPageKey: 'ta_advice' });
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('takes a report of a scam concern as a TSC1 case in My requests', async () => {
    const agent = await signedIn('db.avc');
    const concern = '/mdp-api/api/journeys/transferconcern';
    expect(
      (
        await agent.request({
          method: 'POST',
          url: `${concern}/start`,
          payload: { currentPageKey: 'tc_concern' },
        })
      ).statusCode,
    ).toBe(204);
    for (const [page, question, key] of [
      ['tc_concern', 'concern_contact', 'phone'],
      ['tc_details', 'concern_details', 'A caller offered a free pension review and early access.'],
    ] as const) {
      const answered = await agent.request({
        method: 'POST',
        url: `${concern}/submit-question-step`,
        payload: { currentPageKey: page, questionKey: question, answerKey: key },
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const sent = await agent.request({ method: 'POST', url: `${concern}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().caseNumber).toMatch(/^TSC1-\d+$/);
    const cases = (await agent.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(cases.map((found: { caseNumber: string }) => found.caseNumber)).toContain(sent.json().caseNumber);
  });

  it('refuses to send once the guarantee has run out between start and submit (409), offering a new statement, and changes nothing', async () => {
    const agent = await signedIn('db.avc');
    expect((await start(agent)).statusCode).toBe(204);
    await answerScheme(agent);
    await answerFlags(agent, []);
    await answerAdviceToEnd(agent);
    expect(await transferStatus(agent)).toBe('SubmitStarted');
    // The guarantee runs out while the application is open: what was locked says it ended yesterday.
    const [row] = await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(and(eq(memberJourneys.referenceNumber, '1000003'), eq(memberJourneys.status, 'Started')));
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    await ctx.database.db
      .update(memberJourneys)
      .set({ choice: { ...row!.choice, guaranteedUntil: yesterday } })
      .where(eq(memberJourneys.id, row!.id));
    const before = await stored('1000003');
    const refused = await post(agent, '/submit', {});
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('guarantee_expired');
    expect(refused.json().errors[0].message).toMatch(/new statement of entitlement/);
    expect(await stored('1000003')).toBe(before);
    await ctx.database.db
      .update(memberJourneys)
      .set({ choice: row!.choice })
      .where(eq(memberJourneys.id, row!.id));
    expect((await agent.request({ method: 'DELETE', url: `${base}/delete` })).statusCode).toBe(204);
  });

  it('takes the existing portal’s answer calls where the route asks each question, and refuses one not reached yet', async () => {
    const agent = await signedIn('db.avc');
    const call = (path: string, payload: object) =>
      agent.request({ method: 'POST', url: `${alias}${path}`, payload });
    const taken = async (path: string, payload: object) => {
      const answered = await call(path, payload);
      expect(answered.statusCode, `${path}: ${answered.body}`).toBe(204);
    };
    const read = async (path: string) => (await agent.request({ url: `${alias}${path}` })).json();
    const formOf = async (page: string) =>
      JSON.parse((await get(agent, `/question-form/${page}`)).json().answerValue);
    expect((await call('/start', {})).statusCode).toBe(204);
    let before = await stored('1000003');
    expect(codeOf(await call('/contact', { type: 'ReceivingSchemes', schemeName: 'Harbour SIPP' }))).toBe(
      'question_not_reached',
    );
    expect(await stored('1000003')).toBe(before);
    await post(agent, '/submit-step', { currentPageKey: 'ta_start' });
    await answerAll(agent, [
      ['ta_scams', 'scam_check', 'continue'],
      wholeValue,
      ['ta_scheme_type', 'receiving_scheme_type', 'personal_pension'],
    ]);
    await taken('/contact', { type: 'ReceivingSchemes', schemeName: 'Harbour SIPP' });
    await taken('/contact/address', {
      type: 'ReceivingSchemes',
      line1: '1 Quay Street',
      line2: 'Manchester',
      postCode: 'M3 3JZ',
    });
    expect((await get(agent, '/question-form/ta_scheme_address')).json().answerKey).toBe(
      '1 Quay Street, Manchester, M3 3JZ',
    );
    await answerAll(agent, [['ta_scheme_pstr', 'receiving_scheme_pstr', '12345678RA']]);
    await taken('/contact', {
      type: 'ReceivingSchemes',
      name: 'Alex Morgan',
      email: 'admin@harbour.example',
      phoneCode: '44',
      phoneNumber: '161 946 0000',
    });
    expect(await formOf('ta_administrator')).toEqual({
      forenames: 'Alex',
      surname: 'Morgan',
      email: 'admin@harbour.example',
      phone: '+441619460000',
    });
    before = await stored('1000003');
    expect(
      codeOf(
        await call('/contact/address', {
          type: 'Ifa',
          line1: '4 Park Row',
          line2: 'Leeds',
          postCode: 'LS1 5HN',
        }),
      ),
    ).toBe('question_not_reached');
    expect(await stored('1000003')).toBe(before);
    await answerAll(agent, [['ta_payment', 'receiving_scheme_bank', 'provided', schemeBank]]);
    await answerFlags(agent, ['overseas']);
    await answerAll(agent, [
      ['ta_safeguarding', 'safeguarding_reference', 'PSG-4471-2093'],
      ['ta_advice', 'advice_taken', 'yes'],
    ]);
    before = await stored('1000003');
    expect(
      codeOf(await call('/contact', { type: 'Ifa', companyName: 'Northgate', advisorName: 'Sam Lee' })),
    ).toBe('question_not_asked');
    expect(await stored('1000003')).toBe(before);
    await taken('/contact', { type: 'Ifa', companyName: 'Northgate Pension Advice' });
    // The adviser firm's address, as TPR's due diligence asks: a UK one, in up to three lines and a town.
    before = await stored('1000003');
    for (const bad of [
      { line1: '4 Park Row', line2: 'Leeds', postCode: 'LS1 5HN', countryCode: 'FR' },
      { line1: '4 Park Row', postCode: 'LS1 5HN' },
      { line1: '4 Park Row', line2: 'Leeds', postCode: 'ZZ9' },
    ])
      expect(codeOf(await call('/contact/address', { type: 'Ifa', ...bad })), JSON.stringify(bad)).toBe(
        'invalid_address',
      );
    expect(await stored('1000003')).toBe(before);
    await taken('/contact/address', {
      type: 'Ifa',
      line1: '4 Park Row',
      line2: 'Leeds',
      postCode: 'LS1 5HN',
    });
    expect(await formOf('ta_adviser_address')).toEqual({
      lines: ['4 Park Row'],
      town: 'Leeds',
      postcode: 'LS1 5HN',
    });
    await answerAll(agent, [['ta_adviser_fca', 'adviser_fca_number', '7654321']]);
    before = await stored('1000003');
    const twoYearsAgo = addMonths(utcDay(new Date()), -24);
    expect(codeOf(await call('/financial-advise', { financialAdviseDate: twoYearsAgo }))).toBe(
      'date_too_long_ago',
    );
    expect(await stored('1000003')).toBe(before);
    await taken('/financial-advise', { financialAdviseDate: utcDay(new Date()) });
    expect(await read('/financial-advise')).toEqual({ financialAdviseDate: utcDay(new Date()) });
    await answerAll(agent, [
      [
        'ta_advice_document',
        'advice_confirmation',
        'provided',
        await uploaded(agent, 'advice.pdf', 'Upload your adviser’s letter confirming the advice'),
      ],
      ['ta_flexible', 'flexible_benefits_taken', 'yes'],
    ]);
    expect(codeOf(await call('/pension-wise', { pensionWiseDate: utcDay(new Date()) }))).toBe(
      'question_not_reached',
    );
    await taken('/flexible-benefits', {
      flexibleBenefits: [{ nameOfPlan: 'Aviva drawdown', amountPence: 1_250_000 }],
    });
    expect(await read('/flexible-benefits')).toEqual({
      flexibleBenefits: [{ nameOfPlan: 'Aviva drawdown', amountPence: 1_250_000 }],
    });
    // The stronger nudge holds on flexible benefits taken alone: Pension Wise gives that reason, and
    // the transfer's own once the member says it is to take money.
    expect((await answer(agent, 'ta_access', 'transfer_to_access', 'no')).json()).toEqual({
      nextPageKey: 'ta_pension_wise',
    });
    expect(await pensionWiseReasons(agent)).toEqual(['have already taken money flexibly from a pension']);
    await answerAll(agent, [['ta_access', 'transfer_to_access', 'yes']]);
    expect(await pensionWiseReasons(agent)).toEqual(['transferring to take money from your pension']);
    await answerAll(agent, [['ta_pension_wise', 'pension_wise', 'had']]);
    await taken('/pension-wise', { pensionWiseDate: utcDay(new Date()) });
    expect(await read('/pension-wise')).toEqual({ pensionWiseDate: utcDay(new Date()) });
    expect((await agent.request({ method: 'PUT', url: `${alias}/delete-application` })).statusCode).toBe(204);
  });

  it('sends a transfer of part of the value to a personal pension with an amber flag and its safeguarding reference: a TOP9 case with the part, the pension kept, the guarantee and the days left to pay, a PDF and an email', async () => {
    const agent = await avcSending();
    expect((await agent.request({ method: 'POST', url: `${alias}/start`, payload: {} })).statusCode).toBe(
      204,
    );
    const view = (await agent.request({ url: `${alias}/transfer-application` })).json();
    const guaranteeDate = addMonths(utcDay(new Date()), -1);
    expect(view).toMatchObject({ transferApplicationStatus: 'StartedTA', guaranteeDate });
    expect(view.totalGuaranteedTransferValue).toBeGreaterThan(3_000_000);
    expect(view.payBy).toBe(addMonths(isoDate(guaranteeDate), 6));
    expect(view).toMatchObject({ partialTransferValue: null, residualPension: null });
    // No more than the locked value can be chosen; £200,000 of it can.
    expect((await post(agent, '/submit-step', { currentPageKey: 'ta_start' })).statusCode).toBe(200);
    await answerAll(agent, [
      ['ta_scams', 'scam_check', 'continue'],
      ['ta_amount', 'transfer_amount', 'part'],
    ]);
    const tooMuch = await answer(
      agent,
      'ta_partial_value',
      'partial_transfer_value',
      String(view.totalGuaranteedTransferValue / 100 + 1),
    );
    expect(codeOf(tooMuch)).toBe('money_above_maximum');
    await answerScheme(agent, '200,000');
    await answerFlags(agent, ['overseas']);
    await answerAll(agent, [['ta_safeguarding', 'safeguarding_reference', 'PSG-4471-2093']]);
    await answerAdviceToEnd(agent);
    expect((await agent.request({ url: `${alias}/transfer-application-status` })).json()).toEqual({
      status: 'SubmitStarted',
    });
    // The existing portal's reads of the application and its partial transfer calculator.
    const aliasGet = async (path: string) => {
      const answered = await agent.request({ url: `${alias}${path}` });
      expect(answered.statusCode, answered.body).toBe(200);
      return answered.json();
    };
    expect(await aliasGet('/pension-wise')).toEqual({ pensionWiseDate: utcDay(new Date()) });
    expect(await aliasGet('/flexible-benefits')).toEqual({ flexibleBenefits: [] });
    const calculator = async (payload: object) =>
      (await agent.request({ method: 'POST', url: '/mdp-api/api/transfer-value/partial', payload })).json();
    const byValue = await calculator({ by: 'transfer-value', transferValuePence: 2_000_000 });
    const chosen = await calculator({ by: 'transfer-value', transferValuePence: 20_000_000 });
    expect(await aliasGet('/transfer-application')).toMatchObject({
      totalGuaranteedTransferValue: view.totalGuaranteedTransferValue,
      partialTransferValue: 20_000_000,
      residualPension: chosen.residualPensionPence,
    });
    expect(await aliasGet('/pension-tranches?requestedTransferValue=2000000')).toEqual({
      pensionTranchesResidualTotal: byValue.residualPensionPence,
      nonGuaranteed: 3_845_000,
    });
    const byPension = await calculator({
      by: 'residual-pension',
      residualPensionPence: byValue.residualPensionPence,
    });
    expect(
      await aliasGet(`/transfer-values?requestedResidualPension=${byValue.residualPensionPence}`),
    ).toEqual({
      transferValuesFullTotal: view.totalGuaranteedTransferValue,
      nonGuaranteed: 3_845_000,
      transferValuesPartialTotal: byPension.transferValuePence,
    });
    expect(
      codeOf(await agent.request({ url: `${alias}/pension-tranches?requestedTransferValue=lots` })),
    ).toBe('field_invalid');
    const postSubmission = () => agent.request({ method: 'POST', url: `${alias}/documents/post-submission` });
    expect(codeOf(await postSubmission())).toBe('journey_not_submitted');
    const submitV3 = () =>
      agent.request({ method: 'POST', url: `/mdp-api/api/v3/transfer-journeys/submit`, payload: {} });
    // A transfer moves the pension away: the member confirms it is them with a code first.
    const beforeStepUp = await stored('1000003');
    const unproven = await submitV3();
    expect(unproven.statusCode).toBe(428);
    expect(codeOf(unproven)).toBe('fresh_step_up_required');
    expect(await stored('1000003')).toBe(beforeStepUp);
    await stepUp(agent, ctx.database);
    // A part that no longer fits the locked value (the application moved onto a lower one) is refused.
    const [open] = await ctx.database.db
      .select()
      .from(memberJourneys)
      .where(
        and(
          eq(memberJourneys.referenceNumber, '1000003'),
          eq(memberJourneys.type, TYPE),
          eq(memberJourneys.status, 'Started'),
        ),
      );
    const lowered = { ...(open!.choice as object), transferValuePence: 19_999_999 };
    await ctx.database.db
      .update(memberJourneys)
      .set({ choice: lowered })
      .where(eq(memberJourneys.id, open!.id));
    const lowerState = await stored('1000003');
    const outOfRange = await submitV3();
    expect(outOfRange.statusCode).toBe(400);
    expect(codeOf(outOfRange)).toBe('partial_transfer_out_of_range');
    expect(outOfRange.json().errors[0].message).toContain('£200,000.00');
    expect(await stored('1000003')).toBe(lowerState);
    await ctx.database.db
      .update(memberJourneys)
      .set({ choice: open!.choice })
      .where(eq(memberJourneys.id, open!.id));
    const sent = await submitV3();
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^TOP9-\d+$/);
    // A document the scheme asked for later goes with the same case.
    const later = await agent.request({
      method: 'POST',
      url: '/mdp-api/api/documents',
      ...uploadForm('agreement.pdf', await files.pdf('Scheme agreement'), { journeyType: 'transfer2' }),
    });
    expect(later.statusCode, later.body).toBe(201);
    const withCase = await postSubmission();
    expect(withCase.statusCode, withCase.body).toBe(200);
    expect(withCase.json().documents).toMatchObject([{ filename: 'agreement.pdf', caseNumber }]);
    expect(await transferStatus(agent)).toBe('SubmittedTA');
    const [kept] = await ctx.database.db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, caseNumber));
    expect(kept!.documents.map((document) => document.name)).toEqual([
      'Application form',
      'Receiving scheme’s agreement to accept the transfer',
      'MoneyHelper pension safeguarding appointment confirmation',
      'agreement.pdf',
    ]);
    const text = await pdfText(Buffer.from(kept!.summaryPdf!, 'base64'));
    const daysLeft = daysBetween(utcDay(new Date()), addMonths(isoDate(guaranteeDate), 6));
    expect(text).toContain('Guarantee date');
    expect(text).toContain(`Days left of the 6 months to pay\n${daysLeft}`);
    expect(text).toContain('Part of the value to transfer\n£200,000.00');
    expect(text).toContain(
      `Pension a year you keep with us\n£${(chosen.residualPensionPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    for (const answered of [
      'Harbour SIPP',
      '12345678RA',
      'PSG-4471-2093',
      '7654321',
      'Northgate Pension Advice',
      '4 Park Row, Leeds, LS1 5HN',
    ])
      expect(text).toContain(answered);
    const [email] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `We have your transfer application ${caseNumber}`))
      .orderBy(desc(outboxMessages.createdAt));
    expect(email).toBeDefined();
    const pdf = await agent.request({ url: `${alias}/download/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);
    // The existing portal's newPdf is the same kept PDF.
    const newPdf = await agent.request({ url: `${alias}/download/newPdf` });
    expect(newPdf.statusCode).toBe(200);
    expect(Buffer.compare(newPdf.rawPayload, pdf.rawPayload)).toBe(0);
    // The same guaranteed value cannot be applied for twice.
    const before = await stored('1000003');
    expect(codeOf(await start(agent))).toBe('transfer_application_sent');
    expect(await stored('1000003')).toBe(before);
    // Another member sees neither the application nor its case.
    const other = await signedIn('db.deferred');
    expect(codeOf(await other.request({ url: `${alias}/transfer-application` }))).toBe('journey_not_found');
    const theirs = (await other.request({ url: '/mdp-api/api/cases' })).json().cases;
    expect(theirs.map((found: { caseNumber: string }) => found.caseNumber)).not.toContain(caseNumber);
    for (const path of ['/download/pdf', '/download/newPdf'])
      expect(codeOf(await other.request({ url: `${alias}${path}` })), path).toBe('journey_not_found');
  });

  it('asks again how much to transfer when a new, lower statement leaves the part over the value: the route stops at the amount, kept to change, and a part within the new value rejoins the answers and sends', async () => {
    const agent = await avcSending();
    const db = ctx.database.db;
    const statement = (payload: object) =>
      agent.request({ method: 'POST', url: '/mdp-api/api/transfer-value/statement', payload });
    // A statement of today's value to apply on (the free one in 12 months is used: at the scheme's charge).
    const first = await statement({ acceptCharge: true });
    expect(first.statusCode, first.body).toBe(201);
    const value: number = first.json().transferValuePence;
    // The application starts on it at twice that value, so a part over today's value can be chosen.
    const [latest] = await db
      .select()
      .from(storedTransferQuotes)
      .where(eq(storedTransferQuotes.caseNumber, first.json().caseNumber));
    await db
      .update(storedTransferQuotes)
      .set({
        quote: {
          ...latest!.quote,
          transferValuePence: latest!.quote.transferValuePence * 2,
          tranches: latest!.quote.tranches.map((t) => ({
            ...t,
            transferValuePence: t.transferValuePence * 2,
          })),
        },
      })
      .where(eq(storedTransferQuotes.id, latest!.id));
    expect((await start(agent)).statusCode).toBe(204);
    const part = value + 100_000;
    const typed = (pence: number) => (pence / 100).toFixed(2);
    const pounds = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await answerScheme(agent, typed(part));
    await answerFlags(agent, ['overseas']);
    await answerAll(agent, [['ta_safeguarding', 'safeguarding_reference', 'PSG-4471-2093']]);
    await answerAdviceToEnd(agent);
    expect((await state(agent)).currentPageKey).toBe('ta_check_answers');
    const statusNow = async () =>
      (await agent.request({ url: `${alias}/transfer-application-status` })).json().status;
    expect(await statusNow()).toBe('SubmitStarted');

    // A new statement, at today's value, moves the application onto it: the part no longer fits, so
    // the route stops at the amount, the amount kept to change, and check your answers sends the member there.
    const second = await statement({ acceptCharge: true });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().transferValuePence).toBe(value);
    const moved = await state(agent);
    expect(moved.currentPageKey).toBe('ta_partial_value');
    expect(moved.figures).toMatchObject({ transferValuePence: value });
    expect((await get(agent, '/integrity/ta_check_answers')).json()).toEqual({
      redirectStepPageKey: 'ta_partial_value',
    });
    expect((await get(agent, '/question-form/ta_partial_value')).json()).toMatchObject({
      questionKey: 'partial_transfer_value',
      answerKey: String(part),
    });
    expect(await statusNow()).toBe('StartedTA');
    expect(await transferStatus(agent)).toBe('StartedTA');
    // The send still refuses it (its last guard), nothing changed; the same amount is refused on its page.
    const before = await stored('1000003');
    const refused = await submitApplication(agent, base, ctx.database);
    expect(codeOf(refused)).toBe('partial_transfer_out_of_range');
    const again = await answer(agent, 'ta_partial_value', 'partial_transfer_value', typed(part));
    expect(codeOf(again)).toBe('money_above_maximum');
    expect(again.json().errors[0].message).toBe(`Enter an amount of ${pounds(value)} or less`);
    expect(await stored('1000003')).toBe(before);

    // A part within the new value rejoins the answers given, back to check your answers, and sends.
    expect((await answer(agent, 'ta_partial_value', 'partial_transfer_value', '200,000')).json()).toEqual({
      nextPageKey: 'ta_scheme_type',
    });
    expect((await state(agent)).currentPageKey).toBe('ta_check_answers');
    expect(await statusNow()).toBe('SubmitStarted');
    const sent = await submitApplication(agent, base, ctx.database);
    expect(sent.statusCode, sent.body).toBe(200);
    const [kept] = await db
      .select()
      .from(memberCases)
      .where(eq(memberCases.caseNumber, sent.json().caseNumber));
    const text = await pdfText(Buffer.from(kept!.summaryPdf!, 'base64'));
    expect(text).toContain(`Guaranteed transfer value\n${pounds(value)}`);
    expect(text).toContain('Part of the value to transfer\n£200,000.00');
  });
});
