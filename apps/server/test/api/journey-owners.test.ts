import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentFileError, syncContent } from '../../src/areas/content/sync';
import { memberJourneys, memberCases, visitorJourneys } from '../../src/db/schema';
import { hashOfVisitorToken } from '../../src/lib/visitor-tokens';
import { contentRoot } from '../../src/prepare';
import { BrowserAgent } from './browser-agent';
import { useTestApp } from './harness';

/**
 * The one set of journey routes mounted for two owners: a visitor's journey gets what a member's has
 * (checkbox lists, step data, checks, terminal pages, cancel and start again), each owner's token is
 * refused on the other's API, a member's conditions read their access key, and racing calls leave
 * one consistent journey.
 */
const ctx = useTestApp({ VISITOR_JOURNEY_MINUTES: '30' });
const VISITOR = 'visitorfixture';
const MEMBER = 'accesskeyfixture';
const visitorBase = `/api/visitor/journeys/${VISITOR}`;
const memberBase = `/mdp-api/api/journeys/${MEMBER}`;
let root: string;

const page = (type: string, key: string, journey: object, isPublic: boolean) => ({
  slug: `/${type}/${key.replaceAll('_', '-')}`,
  key,
  title: key,
  isPublic,
  journey: { type, stage: 'one', ...journey },
  blocks: [{ type: 'richText', html: `<p>${key}</p>` }],
});
const definition = (type: string, firstPage: string, extra: object) => ({
  type,
  title: `Fixture ${type}`,
  firstPage,
  summaryPage: `${firstPage.slice(0, 2)}_check`,
  confirmationPage: `${firstPage.slice(0, 2)}_sent`,
  stages: [{ key: 'one', label: 'One' }],
  confirmationEmail: { subject: 'Fixture {caseNumber}', body: 'Dear {name}' },
  ...extra,
});

const visitorPages = (journey: (key: string) => object = () => ({})) => [
  page(
    VISITOR,
    'vf_intro',
    {
      checkboxes: {
        key: 'consent',
        legend: 'Before you start',
        items: [{ key: 'agree', label: 'I agree to be contacted', required: true }],
      },
      next: 'vf_amount',
      ...journey('vf_intro'),
    },
    true,
  ),
  page(
    VISITOR,
    'vf_amount',
    {
      question: { kind: 'number', key: 'amount', label: 'How many?' },
      checks: [
        { when: { question: 'amount', eq: 13 }, message: 'Choose another number.', code: 'unlucky_number' },
      ],
      routes: [{ when: { question: 'amount', gt: 100 }, next: 'vf_refused' }],
      next: 'vf_email',
      ...journey('vf_amount'),
    },
    true,
  ),
  page(VISITOR, 'vf_refused', { ends: { reason: 'too_many' } }, true),
  page(
    VISITOR,
    'vf_email',
    { question: { kind: 'email', key: 'email', label: 'Your email' }, next: 'vf_check' },
    true,
  ),
  page(VISITOR, 'vf_check', {}, true),
  page(VISITOR, 'vf_sent', {}, true),
];

const memberPages = [
  page(
    MEMBER,
    'ak_start',
    {
      routes: [
        { when: { field: 'schemeType', in: ['DC'] }, next: 'ak_dc' },
        { when: { flag: 'HASLINKEDMEMBER' }, next: 'ak_linked' },
      ],
      next: 'ak_db',
    },
    false,
  ),
  page(MEMBER, 'ak_dc', { next: 'ak_check' }, false),
  page(MEMBER, 'ak_linked', { next: 'ak_check' }, false),
  page(MEMBER, 'ak_db', { next: 'ak_check' }, false),
  page(MEMBER, 'ak_check', {}, false),
  page(MEMBER, 'ak_sent', {}, false),
];

/** Writes the fixture journeys into a copy of the content; `visitorPage` adds to a visitor page. */
async function writeContent(visitorPage?: (key: string) => object, visitorExtra: object = {}) {
  const tenant = path.join(root, 'tenants/meridian');
  const journeys = JSON.parse(
    await readFile(path.join(contentRoot, 'tenants/meridian/journeys.json'), 'utf8'),
  );
  journeys.push(
    definition(VISITOR, 'vf_intro', {
      audience: 'visitor',
      caseType: 'VIS1',
      confirmationEmailTo: 'email',
      copy: { noun: 'request' },
      ...visitorExtra,
    }),
    definition(MEMBER, 'ak_start', {
      caseType: 'AKF1',
      caseDocuments: ['Form', { name: 'Linked record letter', when: { flag: 'HASLINKEDMEMBER' } }],
    }),
  );
  await writeFile(path.join(tenant, 'journeys.json'), JSON.stringify(journeys));
  const folder = path.join(tenant, 'pages/owner-fixtures');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const file of [...visitorPages(visitorPage), ...memberPages])
    await writeFile(path.join(folder, `${file.key}.json`), JSON.stringify(file));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-owners-'));
  await cp(contentRoot, root, { recursive: true });
  await writeContent();
  await syncContent(ctx.database.db, root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

let addressCounter = 0;
const nextAddress = () => `10.8.${Math.floor(addressCounter / 200)}.${(addressCounter++ % 200) + 1}`;
const codeOf = (response: { json: () => { errors: Array<{ code: string }> } }) =>
  response.json().errors[0]!.code;

async function startedVisitor() {
  const visitor = new BrowserAgent(ctx.app);
  const started = await visitor.request({
    method: 'POST',
    url: `${visitorBase}/start`,
    remoteAddress: nextAddress(),
  });
  expect(started.statusCode, started.body).toBe(200);
  return { visitor, token: visitor.cookies.get('visitorJourney')! };
}
const tick = (visitor: BrowserAgent, agree: boolean) =>
  visitor.request({
    method: 'POST',
    url: `${visitorBase}/page/vf_intro/checkboxesLists`,
    payload: { checkboxesListKey: 'consent', checkboxes: [{ key: 'agree', answerValue: agree }] },
  });
const leave = (agent: BrowserAgent, base: string, currentPageKey: string) =>
  agent.request({ method: 'POST', url: `${base}/submit-step`, payload: { currentPageKey } });
const answer = (visitor: BrowserAgent, currentPageKey: string, questionKey: string, answerKey: string) =>
  visitor.request({
    method: 'POST',
    url: `${visitorBase}/submit-question-step`,
    payload: { currentPageKey, questionKey, answerKey },
  });
const visitorRow = async (token: string) =>
  (
    await ctx.database.db
      .select()
      .from(visitorJourneys)
      .where(eq(visitorJourneys.tokenHash, hashOfVisitorToken(token)))
  )[0]!;

async function signedIn(username: string) {
  const agent = new BrowserAgent(ctx.app);
  expect((await agent.signIn(username)).statusCode).toBe(200);
  return agent;
}
const memberStart = (agent: BrowserAgent) =>
  agent.request({ method: 'POST', url: `${memberBase}/start`, payload: { currentPageKey: 'ak_start' } });

describe('a visitor’s journey on the same routes as a member’s', () => {
  it('holds the page until the declaration is ticked, keeps step data, refuses by a check and sends', async () => {
    const { visitor, token } = await startedVisitor();
    expect(codeOf(await leave(visitor, visitorBase, 'vf_intro'))).toBe('declarations_incomplete');
    expect((await tick(visitor, true)).statusCode).toBe(204);
    const list = await visitor.request({ url: `${visitorBase}/page/vf_intro/checkboxesLists/consent` });
    expect(list.json()).toEqual({
      checkboxesListKey: 'consent',
      checkboxes: [{ key: 'agree', answerValue: true }],
    });
    const badBox = await visitor.request({
      method: 'POST',
      url: `${visitorBase}/page/vf_intro/checkboxesLists`,
      payload: { checkboxesListKey: 'consent', checkboxes: [{ key: 'other', answerValue: true }] },
    });
    expect(codeOf(badBox)).toBe('checkbox_not_on_page');
    expect((await leave(visitor, visitorBase, 'vf_intro')).json()).toEqual({ nextPageKey: 'vf_amount' });

    const saved = await visitor.request({
      method: 'POST',
      url: `${visitorBase}/page/vf_amount/stepData/draft`,
      payload: { genericDataJson: '{"typed":"12"}' },
    });
    expect(saved.statusCode).toBe(204);
    expect((await visitor.request({ url: `${visitorBase}/page/vf_amount/stepData/draft` })).json()).toEqual({
      formKey: 'draft',
      genericDataJson: '{"typed":"12"}',
    });
    expect(codeOf(await visitor.request({ url: `${visitorBase}/page/vf_nowhere/stepData/draft` }))).toBe(
      'page_not_in_journey',
    );

    const refused = await answer(visitor, 'vf_amount', 'amount', '13');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({ code: 'unlucky_number', message: 'Choose another number.' });
    expect((await visitor.request({ url: `${visitorBase}/data` })).json().currentPageKey).toBe('vf_amount');
    expect((await answer(visitor, 'vf_amount', 'amount', '12')).json()).toEqual({ nextPageKey: 'vf_email' });
    expect((await answer(visitor, 'vf_email', 'email', 'kim@example.org')).json()).toEqual({
      nextPageKey: 'vf_check',
    });
    // Unticking the declaration holds the journey there again, and submitting is refused until it is ticked.
    expect((await tick(visitor, false)).statusCode).toBe(204);
    expect(codeOf(await visitor.request({ method: 'POST', url: `${visitorBase}/submit`, payload: {} }))).toBe(
      'journey_incomplete',
    );
    await tick(visitor, true);
    await leave(visitor, visitorBase, 'vf_intro');
    const sent = await visitor.request({ method: 'POST', url: `${visitorBase}/submit`, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().caseNumber).toMatch(/^VIS1-\d+$/);
    const row = await visitorRow(token);
    expect(row).toMatchObject({ status: 'Submitted', caseNumber: sent.json().caseNumber });
    expect(JSON.stringify(row.steps)).toContain('"typed":"12"');
  });

  it('ends on a terminal page (Ended, with its reason), refuses steps then, and starts again with a new token', async () => {
    const { visitor, token } = await startedVisitor();
    await tick(visitor, true);
    await leave(visitor, visitorBase, 'vf_intro');
    expect((await answer(visitor, 'vf_amount', 'amount', '500')).json()).toEqual({
      nextPageKey: 'vf_refused',
    });
    expect((await visitor.request({ url: `${visitorBase}/data` })).json()).toMatchObject({
      status: 'Ended',
      currentPageKey: 'vf_refused',
    });
    expect((await visitor.request({ url: `${visitorBase}/integrity/vf_intro` })).json()).toEqual({
      redirectStepPageKey: 'vf_refused',
    });
    expect(codeOf(await answer(visitor, 'vf_amount', 'amount', '5'))).toBe('journey_ended');
    expect(codeOf(await visitor.request({ method: 'POST', url: `${visitorBase}/submit`, payload: {} }))).toBe(
      'journey_ended',
    );
    expect(codeOf(await visitor.request({ method: 'DELETE', url: `${visitorBase}/delete` }))).toBe(
      'journey_ended',
    );
    expect(await visitorRow(token)).toMatchObject({ status: 'Ended', endReason: 'too_many' });

    const again = await visitor.request({
      method: 'POST',
      url: `${visitorBase}/start`,
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(200);
    const fresh = visitor.cookies.get('visitorJourney')!;
    expect(fresh).not.toBe(token);
    expect((await visitor.request({ url: `${visitorBase}/data` })).json()).toMatchObject({
      status: 'Started',
      currentPageKey: 'vf_intro',
      steps: [],
    });
  });

  it('refuses a second start while the visitor’s journey is open, and starts again after a cancel', async () => {
    const { visitor, token } = await startedVisitor();
    const second = await visitor.request({
      method: 'POST',
      url: `${visitorBase}/start`,
      remoteAddress: nextAddress(),
    });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('journey_in_progress');
    expect(visitor.cookies.get('visitorJourney')).toBe(token);

    expect((await visitor.request({ method: 'DELETE', url: `${visitorBase}/delete` })).statusCode).toBe(204);
    expect(await visitorRow(token)).toMatchObject({ status: 'Cancelled', closedAt: expect.any(Date) });
    // A tab still holding the cancelled token finds no journey.
    const stale = new BrowserAgent(ctx.app);
    stale.cookies.set('visitorJourney', token);
    expect(codeOf(await stale.request({ url: `${visitorBase}/data` }))).toBe('journey_not_found');
    expect(codeOf(await stale.request({ method: 'DELETE', url: `${visitorBase}/delete` }))).toBe(
      'journey_not_found',
    );
    expect(
      (await visitor.request({ method: 'POST', url: `${visitorBase}/start`, remoteAddress: nextAddress() }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a visitor token on every member call and a member session on every visitor call', async () => {
    const { visitor, token } = await startedVisitor();
    const memberCalls = [
      { method: 'POST' as const, url: `${memberBase}/start`, payload: { currentPageKey: 'ak_start' } },
      { method: 'GET' as const, url: `/mdp-api/api/journeys/${VISITOR}/data` },
      {
        method: 'POST' as const,
        url: `/mdp-api/api/journeys/${VISITOR}/submit-step`,
        payload: { currentPageKey: 'vf_intro' },
      },
      { method: 'DELETE' as const, url: `/mdp-api/api/journeys/${VISITOR}/delete` },
    ];
    for (const call of memberCalls) {
      const refused = await visitor.request({ ...call, headers: { authorization: `Bearer ${token}` } });
      expect(refused.statusCode, call.url).toBe(401);
      expect(codeOf(refused)).toBe('visitor_token_on_member_api');
    }
    const member = await signedIn('db.active');
    // The member also holds the visitor's cookie: the member session is what is refused.
    member.cookies.set('visitorJourney', token);
    for (const call of [
      { method: 'POST' as const, url: `${visitorBase}/start` },
      { method: 'GET' as const, url: `${visitorBase}/data` },
      { method: 'POST' as const, url: `${visitorBase}/submit-step`, payload: { currentPageKey: 'vf_intro' } },
      { method: 'POST' as const, url: `${visitorBase}/keep-alive` },
      { method: 'DELETE' as const, url: `${visitorBase}/delete` },
    ]) {
      const refused = await member.request({ ...call, remoteAddress: nextAddress() });
      expect(refused.statusCode, call.url).toBe(401);
      expect(codeOf(refused)).toBe('member_session_on_visitor_api');
    }
    expect(await visitorRow(token)).toMatchObject({ status: 'Started', steps: [] });
    // Each API walks only its own owner's journeys.
    expect(
      codeOf(
        await member.request({
          method: 'POST',
          url: `/mdp-api/api/journeys/${VISITOR}/start`,
          payload: { currentPageKey: 'vf_intro' },
        }),
      ),
    ).toBe('journey_for_visitors');
    const stranger = new BrowserAgent(ctx.app);
    expect(
      codeOf(
        await stranger.request({
          method: 'POST',
          url: `/api/visitor/journeys/${MEMBER}/start`,
          remoteAddress: nextAddress(),
        }),
      ),
    ).toBe('journey_type_not_found');
  });

  it('describes both mounts in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ url: '/docs/json' })).json();
    for (const suffix of [
      'start',
      'data',
      'submit-step',
      'page/{pageKey}/checkboxesLists',
      'page/{pageKey}/stepData/{formKey}',
      'submit',
      'delete',
    ])
      for (const prefix of ['/mdp-api/api', '/api/visitor'])
        expect(Object.keys(document.paths), `${prefix} ${suffix}`).toContain(
          `${prefix}/journeys/{journeyType}/${suffix}`,
        );
    expect(document.paths['/api/visitor/journeys/{journeyType}/keep-alive']).toBeDefined();
    expect(document.paths['/mdp-api/api/journeys']).toBeDefined();
  });

  it('refuses at sync a visitor journey that needs a member, naming the journey and the page', async () => {
    const refusals: Array<[(key: string) => object, object, RegExp]> = [
      [
        (key) => (key === 'vf_amount' ? { shows: 'contact-details' } : {}),
        {},
        /owner-fixtures\/vf_amount\.json.*visitorfixture: vf_amount\.shows: "contact-details" shows a member's record/,
      ],
      [
        (key) => (key === 'vf_amount' ? { shows: 'identity-verification' } : {}),
        {},
        /visitorfixture: vf_amount\.shows: "identity-verification"/,
      ],
      [
        (key) =>
          key === 'vf_amount'
            ? {
                question: { kind: 'bank-account', key: 'amount', label: 'Your bank' },
                checks: [],
                routes: [],
              }
            : {},
        {},
        /visitorfixture: vf_amount\.question: a visitor's journey cannot ask a bank-account question/,
      ],
      [
        (key) =>
          key === 'vf_intro'
            ? { routes: [{ when: { field: 'schemeType', in: ['DB'] }, next: 'vf_email' }] }
            : {},
        {},
        /visitorfixture: vf_intro\.routes\[0\]\.when: a visitor has no access key, so field schemeType can never hold/,
      ],
      [
        () => ({}),
        { startsFrom: 'retirement-quote' },
        /journeys\.json.*visitorfixture: startsFrom: "retirement-quote" locks what a member's record holds/,
      ],
      [
        () => ({}),
        { eligibility: { flag: 'HASAVC' } },
        /visitorfixture: eligibility: a visitor has no access key/,
      ],
    ];
    try {
      for (const [pageChange, definitionChange, message] of refusals) {
        await writeContent(pageChange, definitionChange);
        const failed = await syncContent(ctx.database.db, root).catch((error: unknown) => error);
        expect(failed).toBeInstanceOf(ContentFileError);
        expect(String((failed as Error).message)).toMatch(message);
      }
    } finally {
      await writeContent();
    }
    // The previous content keeps serving.
    const { visitor } = await startedVisitor();
    expect((await visitor.request({ url: `${visitorBase}/definition` })).json().pages).toHaveLength(6);
  });
});

describe('a member’s conditions read their access key', () => {
  it('routes by the access key’s field and flag, and lists a case document by its flag', async () => {
    for (const [username, reached] of [
      ['dc.far', 'ak_dc'],
      ['linked', 'ak_linked'],
      ['db.active', 'ak_db'],
    ] as const) {
      const agent = await signedIn(username);
      expect((await memberStart(agent)).statusCode).toBe(204);
      expect((await leave(agent, memberBase, 'ak_start')).json(), username).toEqual({ nextPageKey: reached });
      expect((await leave(agent, memberBase, reached)).json()).toEqual({ nextPageKey: 'ak_check' });
      const sent = await agent.request({ method: 'POST', url: `${memberBase}/submit`, payload: {} });
      expect(sent.statusCode, sent.body).toBe(200);
      const [opened] = await ctx.database.db
        .select()
        .from(memberCases)
        .where(eq(memberCases.caseNumber, sent.json().caseNumber));
      const documents = (opened!.documents as Array<{ name: string }>).map((document) => document.name);
      expect(documents.includes('Linked record letter'), username).toBe(username === 'linked');
    }
  });
});

describe('racing calls', () => {
  it('50 starts at once open one journey; the others are refused with 409 and nothing else changes', async () => {
    const agent = await signedIn('db.deferred');
    const starts = await Promise.all(Array.from({ length: 50 }, () => memberStart(agent)));
    const statuses = starts.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(starts.filter((response) => response.statusCode === 409).map(codeOf)).toEqual(
      Array(49).fill('journey_in_progress'),
    );
    const rows = (
      await ctx.database.db.select().from(memberJourneys).where(eq(memberJourneys.referenceNumber, '1000001'))
    ).filter((row) => row.type === MEMBER);
    expect(rows.map((row) => row.status)).toEqual(['Started']);
  });

  it('50 cancels at once cancel it once; the others find no journey', async () => {
    const agent = await signedIn('db.retiring');
    expect((await memberStart(agent)).statusCode).toBe(204);
    await leave(agent, memberBase, 'ak_start');
    const cancels = await Promise.all(
      Array.from({ length: 50 }, () => agent.request({ method: 'DELETE', url: `${memberBase}/delete` })),
    );
    const statuses = cancels.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(cancels.filter((response) => response.statusCode !== 204).map(codeOf)).toEqual(
      Array(49).fill('journey_not_found'),
    );
    const rows = (await ctx.database.db.select().from(memberJourneys)).filter(
      (row) => row.type === MEMBER && row.status !== 'Submitted',
    );
    expect(rows.filter((row) => row.status === 'Cancelled')).toHaveLength(1);
    expect((await memberStart(agent)).statusCode).toBe(204);
  });

  it('50 answers of one visitor page at once: each answers where it leads, and the journey keeps one step for it', async () => {
    const { visitor, token } = await startedVisitor();
    await tick(visitor, true);
    await leave(visitor, visitorBase, 'vf_intro');
    const before = await visitorRow(token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => answer(visitor, 'vf_amount', 'amount', '12')),
    );
    for (const response of answers)
      expect(response.json(), response.body).toEqual({ nextPageKey: 'vf_email' });
    const row = await visitorRow(token);
    expect(row.status).toBe('Started');
    expect((row.steps as Array<{ pageKey: string }>).map((step) => step.pageKey)).toEqual([
      'vf_intro',
      'vf_amount',
    ]);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before.expiresAt.getTime());
    expect((await visitor.request({ url: `${visitorBase}/data` })).json().currentPageKey).toBe('vf_email');
  });
});
