import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TransferPosition } from '@meridian/contracts';
import { jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { TransferValuePage } from './TransferValuePage';

beforeEach(quietConsole);

const position = (statement: Partial<TransferPosition['statement']> = {}): TransferPosition => ({
  calculatedOn: '2026-11-28',
  value: {
    guaranteed: true,
    issuedOn: '2026-10-28',
    guaranteeDate: '2026-10-28',
    guaranteedUntil: '2027-01-27',
    daysLeft: 61,
    statutoryRight: true,
    pensionPence: 1_865_261,
    transferValuePence: 29_540_117,
    tranches: [
      {
        code: 'PRE09',
        label: 'Before 2009',
        pensionPence: 465_540,
        factor: 16.7,
        transferValuePence: 7_774_518,
      },
      {
        code: 'POST09',
        label: 'From 2009',
        pensionPence: 1_399_721,
        factor: 15.55,
        transferValuePence: 21_765_599,
      },
    ],
  },
  nonGuaranteed: { avcFundPence: 3_845_000 },
  statement: {
    freeNow: false,
    nextFreeOn: '2027-10-28',
    extraStatementChargePence: 25_000,
    chargeNowPence: 25_000,
    ...statement,
  },
  partialTransfersAllowed: true,
  // A scheme asking for advice on less than the law's £30,000: the notice names its own threshold.
  adviceThresholdPence: 2_500_000,
  keep: null,
});

const open = () =>
  renderApp('/transfer', { routes: [{ path: '/transfer', element: <TransferValuePage /> }] });

describe('the transfer value page', () => {
  it('asks a member to agree to the charge before a second statement, and sends acceptCharge once they do', async () => {
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      if (url.includes('/statement')) {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, {
          caseNumber: 'TVS-41',
          issuedOn: '2026-11-28',
          guaranteedUntil: '2027-02-27',
          transferValuePence: 29_600_000,
          chargePence: 25_000,
          document: { id: 'd1', name: 'transfer-pack-2026-11-28.pdf' },
        });
      }
      return jsonResponse(200, position());
    });
    open();
    const ask = await screen.findByRole('button', { name: 'Ask for a statement for £250.00' });
    expect(screen.getByText('Not guaranteed: your AVC fund')).toBeTruthy();
    expect(screen.getByText(/61 days left/)).toBeTruthy();
    fireEvent.click(ask);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Tick the box to agree to pay £250.00 for this statement' }),
    ).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(screen.getByLabelText('I agree to pay £250.00 for this statement'));
    fireEvent.click(ask);
    expect(await screen.findByText('TVS-41')).toBeTruthy();
    expect(posted).toEqual([{ acceptCharge: true }]);
  });

  it('asks for the free statement with no charge to agree to', async () => {
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      if (!url.includes('/statement'))
        return jsonResponse(200, position({ freeNow: true, nextFreeOn: null, chargeNowPence: 0 }));
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(201, {
        caseNumber: 'TVS-42',
        issuedOn: '2026-11-28',
        guaranteedUntil: '2027-02-27',
        transferValuePence: 29_600_000,
        chargePence: 0,
        document: { id: 'd2', name: 'transfer-pack-2026-11-28.pdf' },
      });
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for a free statement' }));
    expect(screen.queryByLabelText(/I agree to pay/)).toBeNull();
    const issued = await screen.findByRole('status');
    expect(within(issued).getByText('TVS-42')).toBeTruthy();
    expect(issued.textContent).not.toContain('charge');
    expect(posted).toEqual([{}]);
  });

  it('offers no second statement where the scheme charges for none: it says when the next one can be had', async () => {
    stubFetch(() => jsonResponse(200, position({ extraStatementChargePence: null, chargeNowPence: null })));
    open();
    const section = await screen.findByRole('region', { name: 'Ask for a statement of entitlement' });
    expect(section.textContent).toContain('you can ask for your next one from 28 Oct 2027');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByRole('checkbox')).toBeNull();
  });

  const keep = (spouseOrPartnerOnRecord: boolean): TransferPosition['keep'] => ({
    normalRetirementDate: '2031-06-01',
    pensionAtNormalRetirementPence: 2_000_000,
    survivorPensionPence: 1_000_000,
    survivorPensionPercent: 50,
    spouseOrPartnerOnRecord,
    increases: [],
  });

  it('words the spouse’s or partner’s pension kept, where the record shows none, as one the member may have (as the transfer pack does)', async () => {
    stubFetch(() => jsonResponse(200, { ...position(), keep: keep(false) }));
    open();
    const none = await screen.findByText('A pension for a spouse or partner you may have at your death');
    expect(none.nextElementSibling!.textContent).toBe(
      '£10,000.00 a year (50% of your pension). Our records show no spouse or partner for you',
    );
    expect(screen.queryByText('Spouse’s or partner’s pension')).toBeNull();
  });

  it('names the spouse’s or partner’s pension kept where the record shows one', async () => {
    stubFetch(() => jsonResponse(200, { ...position(), keep: keep(true) }));
    open();
    const spouse = await screen.findByText('Spouse’s or partner’s pension');
    expect(spouse.nextElementSibling!.textContent).toBe('£10,000.00 a year (50% of your pension) if you die');
  });

  it('warns of pension scams in the tenant’s words: its globals message, as a message block shows one', async () => {
    stubFetch((url) => {
      if (url.includes('/access-key'))
        return jsonResponse(200, {
          contentAccessKey: 'key',
          attributes: {},
          expiresAt: '2099-01-01T00:00:00Z',
        });
      if (url.includes('/cms-token-information'))
        return jsonResponse(200, { tokens: {}, figuresUnavailable: false });
      if (url.includes('/authorized-globals'))
        return jsonResponse(200, {
          labels: [{ labelKey: 'fraud_line', labelText: '0300 123 2040' }],
          messages: [
            {
              key: 'scam_warning',
              variant: 'warning',
              title: 'Keep your pension safe',
              html: '<p>Report it to <a href="https://www.actionfraud.police.uk">Action Fraud</a> on [[label:fraud_line]].</p>',
            },
          ],
        });
      return jsonResponse(200, position());
    });
    open();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Warning: Keep your pension safe' });
    const message = heading.closest('.message')!;
    expect(message.textContent).toContain('Report it to Action Fraud on 0300 123 2040.');
    expect(
      within(message as HTMLElement)
        .getByRole('link', { name: 'Action Fraud' })
        .getAttribute('href'),
    ).toBe('https://www.actionfraud.police.uk');
    expect(screen.queryByText(/before age 55/)).toBeNull();
  });

  it('shows no scam warning of its own where the tenant’s content has none', async () => {
    stubFetch(() => jsonResponse(200, position()));
    open();
    await screen.findByText(/61 days left/);
    expect(screen.queryByText(/pension scams/i)).toBeNull();
  });

  it('tells a member whose pension has no transfer value online to contact the scheme', async () => {
    stubFetch(() => jsonResponse(404, { errors: [{ code: 'no_transfer_value', message: 'No' }] }));
    open();
    expect(await screen.findByText(/cannot give a transfer value for this pension online/)).toBeTruthy();
  });

  const openWith = (status: string) => {
    stubFetch((url) =>
      url.includes('transfer-application-status')
        ? jsonResponse(200, { status })
        : jsonResponse(200, position()),
    );
    open();
  };
  const apply = { name: 'Apply to transfer your pension' };

  it.each([
    ['NotStartedTA', 'Apply to transfer your pension'],
    ['OutsideTA', 'Apply to transfer your pension'],
    ['StartedTA', 'Continue your application to transfer'],
    ['SubmittedTA', 'your requests'],
  ])('with the application %s, links to it as “%s”', async (status, link) => {
    openWith(status);
    expect(await screen.findByRole('link', { name: link })).toBeTruthy();
  });

  /** db.avc's application, whose guarantee ended on 20 November; today's figure is not guaranteed. */
  const lapsed = (statement: Partial<TransferPosition['statement']> = {}) => {
    const base = position(statement);
    return { ...base, value: { ...base.value, guaranteed: false, issuedOn: null, daysLeft: null } };
  };
  const stubLapsed = (statement: Partial<TransferPosition['statement']>, posted: unknown[] = []) =>
    stubFetch((url, init) => {
      if (url.includes('transfer-application-status')) return jsonResponse(200, { status: 'SubmitStarted' });
      if (url.endsWith('/transfer-application'))
        return jsonResponse(200, {
          transferApplicationStatus: 'SubmitStarted',
          guaranteedUntil: '2026-11-20',
        });
      if (url.includes('/statement')) {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(201, {
          caseNumber: 'TVS-43',
          issuedOn: '2026-11-28',
          guaranteedUntil: '2027-02-27',
          transferValuePence: 29_600_000,
          chargePence: 25_000,
          document: { id: 'd3', name: 'transfer-pack-2026-11-28.pdf' },
        });
      }
      return jsonResponse(200, posted.length > 0 ? position(statement) : lapsed(statement));
    });

  it('tells a member whose application’s guarantee has ended that it cannot be sent, what a new statement costs, and links to asking for one', async () => {
    stubLapsed({});
    open();
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'The guarantee on your application has ended',
    });
    const notice = heading.closest('section')!;
    await waitFor(() => expect(notice.textContent).toContain('guaranteed until 20 Nov 2026'));
    expect(notice.textContent).toContain('We cannot accept it on that value.');
    expect(notice.textContent).toContain(
      'a new one now costs £250.00 (your next free one is due on 28 Oct 2027)',
    );
    expect(notice.textContent).toContain('taking financial advice on a value over £25,000');
    const link = within(notice).getByRole('link', { name: 'Ask for a new statement of entitlement' });
    expect(link.getAttribute('href')).toBe('#statement-heading');
    expect(document.getElementById('statement-heading')).toBeTruthy();
    // No way into the application while it cannot be sent.
    expect(screen.queryByRole('link', { name: 'Continue your application to transfer' })).toBeNull();
  });

  it('says the next statement is free where it is, for a lapsed application', async () => {
    stubLapsed({ freeNow: true, nextFreeOn: null, chargeNowPence: 0 });
    open();
    const heading = await screen.findByRole('heading', {
      name: 'The guarantee on your application has ended',
    });
    expect(heading.closest('section')!.textContent).toContain('Your next statement is free');
  });

  it('after a new statement, says the lapsed application now uses the new value and links to it', async () => {
    const posted: unknown[] = [];
    stubLapsed({}, posted);
    open();
    await screen.findByRole('heading', { name: 'The guarantee on your application has ended' });
    fireEvent.click(screen.getByLabelText('I agree to pay £250.00 for this statement'));
    fireEvent.click(screen.getByRole('button', { name: 'Ask for a statement for £250.00' }));
    const issued = await screen.findByRole('status');
    expect(issued.textContent).toContain('Your application to transfer now uses this value.');
    expect(within(issued).getByRole('link', { name: 'Continue your application' })).toBeTruthy();
    expect(posted).toEqual([{ acceptCharge: true }]);
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'The guarantee on your application has ended' }),
      ).toBeNull(),
    );
    expect(await screen.findByRole('link', { name: 'Continue your application to transfer' })).toBeTruthy();
  });

  it('offers no application to a member who cannot apply online (UnavailableTA)', async () => {
    const fetched = stubFetch((url) =>
      url.includes('transfer-application-status')
        ? jsonResponse(200, { status: 'UnavailableTA' })
        : jsonResponse(200, position()),
    );
    open();
    await screen.findByText(/61 days left/);
    await waitFor(() =>
      expect(fetched.mock.calls.some(([url]) => url.includes('transfer-application-status'))).toBe(true),
    );
    // The answer drawn (a transition), the page still offers no application.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', apply)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Apply to transfer' })).toBeNull();
  });
});
