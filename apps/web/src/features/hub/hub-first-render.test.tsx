import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { http, type PersonalDetails } from '../../lib/api';
import { activeRecordHeaders, singleAuthData } from '../../lib/session-storage';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import { HubRequests } from '../journeys/HubRequests';
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
    nextPaymentOn: '2026-12-01',
    currentPayment: { grossPence: 100_000, taxPence: 10_000, netPence: 90_000 },
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
    <MemoryRouter>
      <RetirementSummary details={details} />
      <HubRequests referenceNumber={details.referenceNumber} />
    </MemoryRouter>,
  );

describe('the hub’s figures and requests', () => {
  it('are drawn in the first render when the hub’s first reads already have them', async () => {
    await readFirst('Deferred');
    renderHubParts(member('Deferred'));
    expect(screen.getByText('Pension from 01 May 2029')).toBeTruthy();
    expect(screen.getByText('Guaranteed transfer value')).toBeTruthy();
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
