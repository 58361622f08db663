import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { publicVisibilityKey } from '@meridian/contracts';
import { AuthProvider } from '../../app/auth';
import { resolveRoutes } from '../../lib/routes';
import { TenantContext } from '../../lib/tenant';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, recordKeyOf, type PersonalDetails } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { busyResponse, jsonResponse, quietConsole, stubFetch, testTenant } from '../../testing/render';
import { type ContentPageData, noTexts } from '../content';
import { HubRequests } from '../cases';
import { HubPage } from './HubPage';
import { hubReadsFor } from './hub-reads';
import { RetirementSummary } from './RetirementSummary';

beforeEach(quietConsole);

const member = (status: string): PersonalDetails => ({
  name: 'Alex Example',
  referenceNumber: '0001234',
  businessGroup: 'MER',
  schemeName: 'Meridian Final Salary Section',
  schemeType: 'DB',
  status,
  dateOfBirth: '1964-05-01',
});

const answers: Record<string, unknown> = {
  '/mdp-api/api/members/personal-details': member('Deferred'),
  '/mdp-api/api/linked-records': { members: [] },
  '/mdp-api/api/members/current/time-to-retirement': {
    calculatedOn: '2026-11-25',
    normalRetirementDate: '2029-05-01',
    timeToNormalRetirement: 'P2Y5M',
    targetRetirementDate: null,
    timeToTargetRetirement: null,
  },
  '/mdp-api/api/v3/retirement/quotes': {
    kind: 'DB',
    calculatedOn: '2026-11-25',
    effectiveDate: '2029-05-01',
    fullPensionPence: 1_234_500,
    avcFundPence: 0,
    options: [],
    assumptions: ['You retire at 65'],
  },
  '/mdp-api/api/retirement/transfer-quote': {
    guaranteed: true,
    issuedOn: '2026-11-01',
    guaranteedUntil: '2027-02-01',
    transferValuePence: 25_000_000,
  },
  '/mdp-api/api/members/current/pension-payments': {
    annualPensionPence: 1_200_000,
    taxCode: '1257L',
    nextPayment: {
      paidOn: '2026-12-01',
      annualPensionPence: 1_200_000,
      grossPence: 100_000,
      taxCode: '1257L',
      taxBasis: 'cumulative',
      taxPence: 10_000,
      netPence: 90_000,
    },
    lastPayments: [],
    increase: { rule: 'CPI', nextOn: '2027-04-01', lastPercent: null, lastOn: null },
  },
  '/mdp-api/api/cases': {
    cases: [
      {
        caseNumber: '100001',
        title: 'Retirement application',
        status: 'In progress',
        journeyType: null,
        createdAt: '2026-11-20T10:00:00Z',
        updatedAt: '2026-11-21T10:00:00Z',
        documents: [],
      },
    ],
  },
};

/** The hub's first reads for a record with this status, answered before it renders. */
async function readFirst(memberStatus: string) {
  stubFetch((url) => jsonResponse(200, answers[url] ?? {}));
  const headers = activeRecordHeaders(singleAuthData.read());
  await Promise.all(
    hubReadsFor({ memberStatus, schemeType: 'DB' }).map((path) => http.get(path, { headers })),
  );
}

const renderHubParts = (details: PersonalDetails) =>
  render(
    <TenantContext.Provider value={{ tenant: testTenant, routes: resolveRoutes(testTenant.routes) }}>
      <MemoryRouter>
        <RetirementSummary details={details} />
        <HubRequests recordKey={recordKeyOf(details)} />
      </MemoryRouter>
    </TenantContext.Provider>,
  );

describe('the hub’s figures and requests', () => {
  it('are drawn in the first render when the hub’s first reads already have them', async () => {
    await readFirst('Deferred');
    renderHubParts(member('Deferred'));
    expect(screen.getByText('Pension from 01 May 2029')).toBeTruthy();
    expect(screen.getByText('Guaranteed transfer value')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your transfer value' }).getAttribute('href')).toBe(
      '/transfer',
    );
    expect(screen.queryByText('Working out your pension options')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your requests' })).toBeTruthy();
    expect(screen.getByText(/Retirement application \(100001\): In progress\./)).toBeTruthy();
  });

  it('draw a pensioner’s pension being paid in the first render too', async () => {
    await readFirst('Pensioner');
    renderHubParts(member('Pensioner'));
    expect(screen.getByText('Next payment')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('arrive after the first render when nothing has read them yet', async () => {
    stubFetch((url) => jsonResponse(200, answers[url] ?? {}));
    renderHubParts(member('Deferred'));
    expect(screen.getByText('Working out your pension options')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your requests' })).toBeNull();
    expect(await screen.findByText('Pension from 01 May 2029')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your requests' })).toBeTruthy();
  });
});

/** The hub's parts for a member whose read ending in `path` is busy until they press Try again. */
async function expectBusyThenShown(status: string, path: string, what: string, shown: string) {
  let busy = true;
  stubFetch((url) => (busy && url.endsWith(path) ? busyResponse() : jsonResponse(200, answers[url] ?? {})));
  renderHubParts(member(status));
  expect(await screen.findByText(`Sorry, we cannot ${what} right now.`)).toBeTruthy();
  expect(screen.getByText('The service is busy. Wait a few seconds and try again.')).toBeTruthy();
  busy = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(shown)).toBeTruthy();
}

describe('the hub’s figures when a read fails', () => {
  it('say a pensioner’s payments cannot be shown while the service is busy, and show them on Try again', () =>
    expectBusyThenShown('Pensioner', '/pension-payments', 'show your payments', 'Next payment'));

  it('say the figures cannot be shown while the service is busy, and show them on Try again', () =>
    expectBusyThenShown('Deferred', '/quotes', 'show your pension figures', 'Pension from 01 May 2029'));

  it('say a deferred member’s transfer value cannot be shown while the service is busy, and show it on Try again', () =>
    expectBusyThenShown(
      'Deferred',
      '/transfer-quote',
      'show your transfer value',
      'Guaranteed transfer value',
    ));

  it('show none for a record the rules cannot quote', async () => {
    stubFetch((url) =>
      url.endsWith('/quotes')
        ? jsonResponse(404, { errors: [{ code: 'member_not_found', message: 'None' }] })
        : jsonResponse(200, answers[url] ?? {}),
    );
    renderHubParts(member('Deferred'));
    await waitFor(() => expect(screen.queryByText('Working out your pension options')).toBeNull());
    expect(screen.queryByText(/^Sorry, we cannot/)).toBeNull();
    expect(screen.queryByText(/^Pension from/)).toBeNull();
  });
});

/** What the hub page showed in its first render, on a router whose loader gives it no content. */
async function hubPageFirstRender() {
  const shown: string[] = [];
  const pageData: ContentPageData = {
    page: null,
    accessKey: publicVisibilityKey,
    texts: noTexts,
    dataSources: {},
    figuresUnavailable: false,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/hub',
        loader: () => pageData,
        element: (
          <AuthProvider onSignedOut={() => undefined}>
            <Profiler
              id="hub"
              onRender={(_id, phase) => phase === 'mount' && shown.push(document.body.textContent ?? '')}
            >
              <HubPage />
            </Profiler>
          </AuthProvider>
        ),
      },
    ],
    { initialEntries: ['/hub'] },
  );
  render(
    <TenantContext.Provider value={{ tenant: testTenant, routes: resolveRoutes(testTenant.routes) }}>
      <RouterProvider router={router} />
    </TenantContext.Provider>,
  );
  expect(await screen.findByText('Welcome, Alex Example.')).toBeTruthy();
  return shown[0];
}

describe('the hub page', () => {
  it('greets the member in its first render when the hub’s first reads already have their details', async () => {
    await readFirst('Deferred');
    expect(await hubPageFirstRender()).toContain('Welcome, Alex Example.');
  });

  it('says it is loading until their details arrive when nothing has read them yet', async () => {
    stubFetch((url) => jsonResponse(200, answers[url] ?? {}));
    const first = await hubPageFirstRender();
    expect(first).toContain('Loading...');
    expect(first).not.toContain('Welcome');
  });
});
