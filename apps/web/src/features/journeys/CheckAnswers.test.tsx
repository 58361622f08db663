import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JourneyState } from '@meridian/contracts';
import { CancelApplication } from './CancelApplication';
import { CheckAnswers } from './CheckAnswers';
import { Confirmation } from './Confirmation';
import type { JourneyDefinitionView } from './journey-api';
import { jsonResponse, stubFetch } from '../../testing/render';

const phonePage = {
  key: 'ra_contact_phone',
  slug: '/retirement/apply/phone',
  title: 'A phone number for this application',
  type: 'dbcore',
  question: { kind: 'phone' as const, key: 'contact_phone', label: 'Which phone number should we call?' },
  next: 'ra_summary',
};

const definition: JourneyDefinitionView = {
  type: 'dbcore',
  title: 'Retirement application',
  firstPage: 'ra_contact_phone',
  summaryPage: 'ra_summary',
  confirmationPage: 'ra_done',
  entryPage: null,
  stages: [],
  quoteRequest: null,
  audience: 'member',
  startsFrom: null,
  copy: {
    noun: 'application',
    submitButton: 'Accept and send',
    confirmationHeading: null,
    pdfTitle: null,
    documentsLater: null,
  },
  pages: [phonePage],
};

const journeyWithPhone = (countryCode: string, number: string, international: string): JourneyState => ({
  type: 'dbcore',
  status: 'Started',
  startDate: '2026-11-01',
  expirationDate: '2027-05-01',
  aboutToExpire: false,
  submissionDate: null,
  caseNumber: null,
  currentPageKey: 'ra_summary',
  choice: null,
  contact: { fullName: 'Mrs M Hughes', emailAddress: null, phone: null, address: null },
  identity: { status: 'not_started', documentName: null },
  steps: [
    {
      pageKey: 'ra_contact_phone',
      nextPageKey: 'ra_summary',
      answer: {
        questionKey: 'contact_phone',
        answerKey: international,
        answerValue: JSON.stringify({ countryCode, number }),
      },
      checkboxesLists: {},
      stepData: {},
      submittedAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
    },
  ],
});

const renderCheckAnswers = (journey: JourneyState) =>
  render(
    <MemoryRouter>
      <CheckAnswers context={{ definition, journey, slugOf: (key) => `/${key}`, audience: {} }} />
    </MemoryRouter>,
  );

describe('a phone answer on Check your answers', () => {
  it('shows a UK number as the member dials it, not in international format', async () => {
    renderCheckAnswers(journeyWithPhone('GB', '07911123456', '+447911123456'));
    expect(await screen.findByText('07911 123456')).toBeTruthy();
    expect(screen.queryByText('+447911123456')).toBeNull();
  });

  it('shows a number from another country in international format, spaced', async () => {
    renderCheckAnswers(journeyWithPhone('FR', '06 12 34 56 78', '+33612345678'));
    expect(await screen.findByText('+33 6 12 34 56 78')).toBeTruthy();
  });
});

describe('what the journey locked at start', () => {
  it('lists the plugin’s locked section, never rows of its own from a DB quote’s choice', async () => {
    renderCheckAnswers({
      ...journeyWithPhone('GB', '07911123456', '+447911123456'),
      choice: {
        retirementDate: '2027-03-01',
        selectedQuoteName: 'full-pension',
        optionLabel: 'Full pension, no tax-free cash',
        lumpSumPence: 0,
        annualPensionPence: 1_000_000,
        quoteCalculatedOn: '2026-11-01',
      },
      lockedSection: {
        heading: 'Your choice',
        lines: [
          { label: 'Retirement date', value: '01 Mar 2027' },
          { label: 'Figures worked out on', value: '01 Nov 2026' },
        ],
      },
    });
    expect(await screen.findByText('01 Mar 2027')).toBeTruthy();
    expect(screen.getByText('Figures worked out on')).toBeTruthy();
    expect(screen.getAllByText('Retirement date')).toHaveLength(1);
    expect(screen.queryByText('Pension a year')).toBeNull();
  });

  it('lists a plugin’s locked section (a DC option)', async () => {
    renderCheckAnswers({
      ...journeyWithPhone('GB', '07911123456', '+447911123456'),
      lockedSection: {
        heading: 'Your choice',
        lines: [
          { label: 'Option', value: 'Tax-free cash and a flexible income (drawdown)' },
          { label: 'Tax-free cash', value: '£20,000.00' },
        ],
      },
    });
    expect(await screen.findByText('Tax-free cash and a flexible income (drawdown)')).toBeTruthy();
    expect(screen.getByText('£20,000.00')).toBeTruthy();
  });

  it('links a transfer guarantee that has ended to Your transfer value, and only then', async () => {
    const transferValue = (guaranteedUntil: { value: string; link?: { text: string; href: string } }) => ({
      ...journeyWithPhone('GB', '07911123456', '+447911123456'),
      lockedSection: {
        heading: 'Your transfer value',
        lines: [
          { label: 'Guaranteed transfer value', value: '£182,400.00' },
          { label: 'Guaranteed until', ...guaranteedUntil },
        ],
      },
    });
    const ended = renderCheckAnswers(
      transferValue({
        value: '1 March 2026: this guarantee has ended, so we cannot accept your application on it.',
        link: { text: 'Ask for a new statement of entitlement', href: '/transfer' },
      }),
    );
    const link = await screen.findByRole('link', { name: 'Ask for a new statement of entitlement' });
    expect(link.getAttribute('href')).toBe('/transfer');
    // In the row it is about, after what the row says.
    expect(link.closest('dd')?.textContent).toBe(
      '1 March 2026: this guarantee has ended, so we cannot accept your application on it. Ask for a new statement of entitlement',
    );
    ended.unmount();

    renderCheckAnswers(transferValue({ value: '1 June 2026' }));
    expect(await screen.findByText('1 June 2026')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /statement of entitlement/ })).toBeNull();
  });
});

describe('proof of identity on Check your answers', () => {
  it('says what the scheme’s record says, whatever a page’s step data claims', async () => {
    const journey = journeyWithPhone('GB', '07911123456', '+447911123456');
    const identityPage = {
      key: 'ra_identity',
      slug: '/retirement/apply/identity',
      title: 'Prove your identity',
      type: 'dbcore',
      shows: 'identity-verification' as const,
      next: 'ra_summary',
    };
    const forged: JourneyState = {
      ...journey,
      identity: { status: 'pending', documentName: 'passport.jpg' },
      steps: [
        ...journey.steps,
        {
          ...journey.steps[0]!,
          pageKey: 'ra_identity',
          answer: null,
          stepData: { identity: { status: 'verified' } },
        },
      ],
    };
    render(
      <MemoryRouter>
        <CheckAnswers
          context={{
            definition: { ...definition, pages: [phonePage, identityPage] },
            journey: forged,
            slugOf: (key) => `/${key}`,
            audience: {},
          }}
        />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Sent, to be checked by the scheme')).toBeTruthy();
    expect(screen.queryByText('Confirmed')).toBeNull();
  });
});

describe('sending when the journey asks the member to confirm it is them', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code in the place of the answers, with focus on the main content, not lost with the button', async () => {
    stubFetch((url) => {
      if (url.endsWith('/submit'))
        return jsonResponse(409, {
          errors: [{ code: 'fresh_step_up_required', message: 'Confirm it is you' }],
        });
      if (url.endsWith('/step-up')) return jsonResponse(200, { passkey: false, authenticatorApp: false });
      return jsonResponse(201, {
        nonce: 'n1',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
        attemptsLeft: 5,
        sentTo: 'm•••@example.org',
        channel: 'email',
        currentRouteSentTo: null,
      });
    });
    render(
      <main id="main-content" tabIndex={-1}>
        <MemoryRouter>
          <CheckAnswers
            context={{
              definition,
              journey: journeyWithPhone('GB', '07911123456', '+447911123456'),
              slugOf: (key) => `/${key}`,
              audience: {},
            }}
          />
        </MemoryRouter>
      </main>,
    );
    const send = await screen.findByRole('button', { name: 'Accept and send' });
    send.focus();
    fireEvent.click(send);
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('what a plugin says of its lock on the cancel and confirmation pages', () => {
  const journey = journeyWithPhone('GB', '07911123456', '+447911123456');
  const withWords: JourneyState = {
    ...journey,
    status: 'Submitted',
    caseNumber: 'RTP9-000123',
    lockedWords: {
      startedFor: 'to retire on 01 Mar 2027',
      cancelLoses: 'the option you chose',
      confirmation: {
        heading: 'When you will be paid',
        lines: [
          { label: 'You retire on', value: '01 Mar 2027' },
          { label: 'First monthly payment', value: '31 Mar 2027' },
        ],
      },
    },
  };
  const context = (state: JourneyState) => ({
    definition,
    journey: state,
    slugOf: (key: string) => `/${key}`,
    audience: {},
  });
  const confirmationPage = {
    key: 'ra_done',
    slug: '/ra_done',
    title: 'Application sent',
    blocks: [],
  } as never;

  it('cancel says what the journey was started for and what cancelling loses, in the plugin’s words', () => {
    const { container, unmount } = render(
      <MemoryRouter>
        <CancelApplication context={context(withWords)} pageSlug="/ra_contact_phone" leaveTo="/requests" />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('You started it on 01 Nov 2026 to retire on 01 Mar 2027.');
    expect(container.textContent).toContain(
      'your answers and the option you chose are not sent to the scheme',
    );
    unmount();
    const plain = render(
      <MemoryRouter>
        <CancelApplication context={context(journey)} pageSlug="/ra_contact_phone" leaveTo="/requests" />
      </MemoryRouter>,
    );
    expect(plain.container.textContent).toContain('You started it on 01 Nov 2026.');
    expect(plain.container.textContent).toContain('your answers are not sent to the scheme');
  });

  it('the confirmation shows the plugin’s section after what was sent, and none without one', () => {
    const { unmount } = render(
      <MemoryRouter>
        <Confirmation page={confirmationPage} context={context(withWords)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'When you will be paid' })).toBeTruthy();
    expect(screen.getByText('First monthly payment').nextSibling?.textContent).toBe('31 Mar 2027');
    unmount();
    render(
      <MemoryRouter>
        <Confirmation page={confirmationPage} context={context({ ...withWords, lockedWords: undefined })} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('heading', { name: 'When you will be paid' })).toBeNull();
  });
});
