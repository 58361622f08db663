import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JourneyState, Page, PageJourney } from '@meridian/contracts';
import {
  jsonResponse,
  signedInFrameResponse,
  quietConsole,
  renderApp,
  stubFetch,
} from '../../testing/render';
import type { JourneyDefinitionView } from './journey-api';
import JourneyStepPage from './JourneyStepPage';
import { registerJourneyMessages } from './messages';

beforeEach(quietConsole);

/**
 * The engine's pages say what each journey sends, in its `copy`, never "application" for a fund switch
 * or a report of a concern, and name My requests as the tenant's menu does (issue 37).
 */

type JourneyPage = Page & { journey: PageJourney };

const pageOf = (type: string, key: string, slug: string, title: string): JourneyPage => ({
  slug,
  key,
  title,
  authMethod: null,
  tenant: { tenantUrl: 'localhost', businessGroup: ['MER'] },
  bgroup: 'MER',
  journey: { type, next: 'check' },
  blocks: [],
});

const definitionOf = (
  type: string,
  noun: string,
  changes: Partial<JourneyDefinitionView> = {},
): JourneyDefinitionView => ({
  type,
  title: `The ${noun} journey`,
  audience: 'member',
  firstPage: 'first',
  summaryPage: 'check',
  confirmationPage: 'done',
  entryPage: null,
  startsFrom: null,
  startsAtFirstPage: true,
  stages: [],
  quoteRequest: null,
  copy: {
    noun,
    submitButton: `Send my ${noun}`,
    confirmationHeading: null,
    pdfTitle: null,
    documentsLater: null,
  },
  pages: [
    { key: 'first', slug: `/${type}/first`, title: 'First', type, next: 'check' },
    { key: 'check', slug: `/${type}/check`, title: 'Check', type, next: 'done' },
    { key: 'done', slug: `/${type}/done`, title: 'Done', type },
  ],
  ...changes,
});

const journeyOf = (type: string, changes: Partial<JourneyState> = {}): JourneyState => ({
  type,
  status: 'Started',
  startDate: '2026-11-01T09:00:00Z',
  expirationDate: '2027-01-30T09:00:00Z',
  aboutToExpire: false,
  submissionDate: null,
  caseNumber: null,
  currentPageKey: 'first',
  choice: null,
  contact: { fullName: 'Mr D Far', emailAddress: null, phone: null, address: null },
  identity: { status: 'not_started', documentName: null },
  steps: [],
  ...changes,
});

interface Served {
  definition: JourneyDefinitionView;
  journey: JourneyState | null;
  /** What the tenant's menu calls My requests. */
  requestsLabel?: string;
  /** The answer to a start. */
  start?: () => Response;
  /** The address of a page by its key. */
  pageUrls?: Record<string, string>;
}

function serve({ definition, journey, requestsLabel = 'My requests', start, pageUrls = {} }: Served) {
  const base = `/mdp-api/api/journeys/${definition.type}`;
  return stubFetch((url, init) => {
    const frame = signedInFrameResponse(url, requestsLabel);
    if (frame) return frame;
    if (url.includes('/content/url')) {
      const key = new URL(url, 'http://localhost').searchParams.get('key') ?? '';
      return pageUrls[key] ? jsonResponse(200, { url: pageUrls[key] }) : jsonResponse(404, {});
    }
    if (url.includes(`${base}/definition`)) return jsonResponse(200, definition);
    if (url.includes(`${base}/start`) && init.method === 'POST')
      return start?.() ?? new Response(null, { status: 204 });
    const notFound = () => jsonResponse(404, { errors: [{ code: 'journey_not_found', message: 'None' }] });
    if (url.includes(`${base}/data`)) return journey ? jsonResponse(200, journey) : notFound();
    if (url.includes(`${base}/integrity/`))
      return journey
        ? jsonResponse(200, { redirectStepPageKey: url.split('/').pop()!.split('?')[0] })
        : notFound();
    if (url.includes(`${base}/previous-step/`)) return jsonResponse(200, { previousPageKey: 'first' });
    return jsonResponse(404, {});
  });
}

const show = (page: JourneyPage, at: string, asVisitor = false) =>
  renderApp(at, {
    routes: [{ path: page.slug, element: <JourneyStepPage page={page} asVisitor={asVisitor} /> }],
  });

const main = () => document.body.textContent ?? '';

describe('a journey’s cancel step, in its own words', () => {
  it('titles the tab and asks about the switch, not an application', async () => {
    const definition = definitionOf('fundswitch', 'switch');
    serve({ definition, journey: journeyOf('fundswitch', { currentPageKey: 'check' }) });
    show(
      pageOf('fundswitch', 'check', '/fundswitch/check', 'Check your new investment choice'),
      '/fundswitch/check?cancel',
    );
    expect(
      await screen.findByRole('heading', { name: 'Are you sure you want to cancel your switch?' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cancel your switch - Meridian Pension Scheme'));
    expect(screen.getByRole('button', { name: 'Yes, cancel my switch' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'No, keep my switch' })).toBeTruthy();
    expect(main()).not.toMatch(/application/i);
  });

  it('keeps the page’s own title on a step that is not cancelling', async () => {
    const definition = definitionOf('transferconcern', 'report');
    serve({ definition, journey: journeyOf('transferconcern', { currentPageKey: 'check' }) });
    show(
      pageOf('transferconcern', 'check', '/transferconcern/check', 'Check your report'),
      '/transferconcern/check',
    );
    expect(await screen.findByRole('link', { name: 'Cancel your report' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Now send your report' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Check your report - Meridian Pension Scheme'));
    expect(main()).not.toMatch(/application/i);
  });
});

describe('an expired journey', () => {
  it('says the report has expired and starts a new one where it starts: its first page', async () => {
    const definition = definitionOf('transferconcern', 'report');
    const fetched = serve({ definition, journey: journeyOf('transferconcern', { status: 'Expired' }) });
    show(
      pageOf('transferconcern', 'first', '/transferconcern/first', 'Tell us what worries you'),
      '/transferconcern/first',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your report has expired' })).toBeTruthy();
    expect(main()).toContain(
      'It was not sent by 30 Jan 2027, so it can no longer be sent. Starting again clears its answers.',
    );
    // Nothing was locked at start: no figures to go out of date.
    expect(main()).not.toContain('figures');
    await waitFor(() => expect(document.title).toBe('Your report has expired - Meridian Pension Scheme'));
    expect(main()).not.toMatch(/application|your pension/i);
    fireEvent.click(screen.getByRole('button', { name: 'Start a new report' }));
    await waitFor(() =>
      expect(
        fetched.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/mdp-api/api/journeys/transferconcern/start') && init.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('links a journey started elsewhere to its own section, its entry page, and says its figures go out of date', async () => {
    const definition = definitionOf('dbcoreretirementapplication', 'application', {
      entryPage: 'retirement_options',
      startsFrom: 'retirement-quote',
      startsAtFirstPage: false,
    });
    serve({
      definition,
      journey: journeyOf('dbcoreretirementapplication', {
        status: 'Expired',
        lockedSection: {
          heading: 'Your choice',
          lines: [{ label: 'Retirement date', value: '01 Mar 2027' }],
        },
      }),
      pageUrls: { retirement_options: '/retirement/options' },
    });
    show(pageOf('dbcoreretirementapplication', 'first', '/apply/first', 'Guidance'), '/apply/first');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your application has expired' }),
    ).toBeTruthy();
    expect(main()).toContain('We do not keep an unsent application once the figures in it are out of date.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Start a new application' }).getAttribute('href')).toBe(
        '/retirement/options',
      ),
    );
  });
});

describe('a refusal naming My requests', () => {
  // A journey's feature words its own refusals (the transfer application's "applied already").
  registerJourneyMessages({
    sent_already: ({ requests }) => `You have sent this already. Follow it in ${requests}`,
  });

  it('names it as the tenant’s menu does (Bluewater’s “Your requests”)', async () => {
    const definition = definitionOf('transferapplication', 'application', { startsFrom: 'transfer-quote' });
    const fetched = serve({
      definition,
      journey: null,
      requestsLabel: 'Your requests',
      start: () =>
        jsonResponse(409, {
          errors: [{ code: 'sent_already', message: 'You have applied on this quote already.' }],
        }),
    });
    show(pageOf('transferapplication', 'first', '/transfer/first', 'Apply to transfer'), '/transfer/first');
    // The menu is read first, as the frame has before a member starts anything.
    await waitFor(() =>
      expect(fetched.mock.calls.some(([url]) => String(url).includes('/authorized-menu'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(await screen.findByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(main()).toContain('You have sent this already. Follow it in Your requests'));
    expect(main()).not.toContain('My requests');
  });
});
