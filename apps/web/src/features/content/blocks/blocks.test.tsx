import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Block } from '@meridian/contracts';
import { jsonResponse, stubFetch } from '../../../testing/render';
import { renderBlocks } from '../render-blocks';

describe('layout blocks', () => {
  it('lays a panel out in the columns its layout names', () => {
    const { container } = renderBlocks([
      {
        type: 'panel',
        layout: '66/33',
        columns: [{ blocks: [{ type: 'header', title: 'Wide' }] }, { blocks: [] }],
      },
    ]);
    const columns = container.querySelectorAll('.columns--66-33 > .columns__column');
    expect(columns).toHaveLength(2);
    expect(columns[0]!.textContent).toBe('Wide');
  });

  it('puts each block of a grid in its own cell', () => {
    const { container } = renderBlocks([
      {
        type: 'grid',
        columns: 2,
        blocks: [
          { type: 'card', title: 'A' },
          { type: 'card', title: 'B' },
        ],
      },
    ]);
    expect(container.querySelectorAll('.block-grid--2 > .block-grid__cell .card')).toHaveLength(2);
  });
});

describe('text blocks', () => {
  it('shows a header as the page heading with its intro', () => {
    renderBlocks([{ type: 'header', title: 'Your <b>pension</b>', intro: 'Everything in one place' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your pension' })).toBeTruthy();
    expect(screen.getByText('Everything in one place').className).toBe('lead');
  });

  it('names the kind of a message for screen readers', () => {
    renderBlocks([
      { type: 'message', variant: 'warning', title: 'Check your dates', html: '<p>They changed</p>' },
      { type: 'message', variant: 'problem', html: '<p>No title</p>' },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: /^Warning:\s*Check your dates$/ })).toBeTruthy();
    expect(screen.getByText('There is a problem').className).toBe('visually-hidden');
  });

  it('fills labels and tokens in plain-text fields', () => {
    renderBlocks(
      [{ type: 'card', title: '[[label:greeting]], [[token:name]]', html: '<p>[[label:missing]]</p>' }],
      {
        labels: { greeting: 'Hello' },
        tokens: { name: 'Sam' },
      },
    );
    expect(screen.getByRole('heading', { name: 'Hello, Sam' })).toBeTruthy();
    expect(screen.getByText('[[missing]]')).toBeTruthy();
  });
});

describe('links and buttons', () => {
  it('links within the site with the router, and elsewhere with noopener noreferrer', () => {
    renderBlocks([
      {
        type: 'linkPanel',
        title: 'Useful links',
        links: [
          { label: 'Help', href: '/help', description: 'Questions and answers' },
          { label: 'MoneyHelper', href: 'https://www.moneyhelper.org.uk/' },
        ],
      },
      { type: 'backLink', href: '/hub' },
    ]);
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: 'MoneyHelper' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/hub');
  });

  it('finds the address of a page key from the content API', async () => {
    const fetch = stubFetch(() => jsonResponse(200, { url: '/retirement/start' }));
    renderBlocks([{ type: 'button', label: 'Start', pageKey: 'retirement_start_unique' }]);
    expect(screen.queryByRole('link')).toBeNull();
    expect((await screen.findByRole('link', { name: 'Start' })).getAttribute('href')).toBe(
      '/retirement/start',
    );
    expect(fetch.mock.calls[0]![0]).toBe(
      '/content-api/api/v2/content/url?key=retirement_start_unique&tenantUrl=localhost',
    );
  });

  it('asks for a page key’s address with the content access key when a member is signed in', async () => {
    document.cookie = 'accessToken=signed-in';
    const fetch = stubFetch((url) =>
      url.startsWith('/mdp-api/api/content/access-key')
        ? jsonResponse(200, { contentAccessKey: 'member-key-0123456789', expiresAt: '2999-01-01T00:00:00Z' })
        : jsonResponse(200, { url: '/hub' }),
    );
    try {
      renderBlocks([{ type: 'button', label: 'Your hub', pageKey: 'hub' }]);
      expect((await screen.findByRole('link', { name: 'Your hub' })).getAttribute('href')).toBe('/hub');
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
        '/content-api/api/v2/content/url?key=hub&tenantUrl=localhost&contentAccessKey=member-key-0123456789',
      );
    } finally {
      document.cookie = 'accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      sessionStorage.clear();
    }
  });

  it('runs an action the page offers, and skips a button whose action it does not', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const download = vi.fn();
    renderBlocks(
      [
        {
          type: 'buttonGroup',
          buttons: [
            { label: 'Download', action: 'download-action:summary', variant: 'secondary' },
            { label: 'Mystery', action: 'mystery-action' },
            { label: 'Only for DB', href: '/db', visibility: { field: 'schemeType', in: ['DB'] } },
          ],
        },
      ],
      { actions: { 'download-action': download } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(download).toHaveBeenCalledWith('summary');
    expect(screen.queryByRole('button', { name: 'Mystery' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Only for DB' })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mystery-action'));
  });
});

describe('data blocks', () => {
  it('summarises values in their formats, filling tokens first', () => {
    renderBlocks(
      [
        {
          type: 'dataSummary',
          title: 'Your pension',
          rows: [
            { label: 'Yearly pension', value: '[[token:pension_per_year]]', format: 'currencyPerYear' },
            { label: 'Date of birth', value: '1964-01-03', format: 'date' },
            { label: 'Status', value: 'status_deferred', format: 'label' },
            { label: 'Sort code', value: '404784', format: 'sortCode' },
            { label: 'Phone', value: null },
            { label: 'Unknown token', value: '[[token:nothing]]', format: 'currency' },
            {
              label: 'Letters',
              value: [{ name: 'Statement.pdf', href: '/files/1', size: 120000 }],
              format: 'fileList',
            },
          ],
        },
      ],
      { tokens: { pension_per_year: '1234567' }, labels: { status_deferred: 'Deferred' } },
    );
    const values = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling!.textContent]),
    );
    expect(values).toEqual({
      'Yearly pension': '£12,346 a year',
      'Date of birth': '03 Jan 1964',
      Status: 'Deferred',
      'Sort code': '40-47-84',
      Phone: '-',
      'Unknown token': '-',
      Letters: 'Statement.pdf (120 KB)',
    });
    expect(screen.getByRole('link', { name: 'Statement.pdf' }).getAttribute('href')).toBe('/files/1');
  });

  it('shows an info tile value in its format', () => {
    renderBlocks([{ type: 'infoTile', label: 'Your pot', value: 4500000, format: 'currency' }]);
    expect(screen.getByText('£45,000')).toBeTruthy();
  });

  it('lists resources with their sizes in base 1000 units', () => {
    renderBlocks([
      {
        type: 'resourceList',
        title: 'Guides',
        items: [
          {
            title: 'Scheme guide',
            href: '/files/guide.pdf',
            fileSize: 2400000,
            description: 'All the rules',
          },
        ],
      },
    ]);
    const item = screen.getByRole('listitem');
    expect(item.textContent).toBe('Scheme guide (2.4 MB)All the rules');
  });

  it('shows a timeline with dates and statuses in words', () => {
    renderBlocks([
      {
        type: 'timeline',
        items: [
          { date: '2026-03-01', label: 'Application received', status: 'completed' },
          { date: '2026-04-01', label: 'First payment' },
        ],
      },
    ]);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.textContent).toBe('01 Mar 2026CompletedApplication received');
    expect(first!.querySelector('time')!.getAttribute('datetime')).toBe('2026-03-01');
    expect(second!.textContent).toBe('01 Apr 2026First payment');
  });
});

describe('rich text while figures are unavailable', () => {
  const blocks = [
    {
      type: 'richText',
      html: '<p>Your normal retirement date is [[token:normal_retirement_date]].</p>',
      figuresUnavailableHtml: '<p>We cannot show your retirement date right now.</p>',
    },
    { type: 'richText', html: '<p>Your pension is [[token:pension]].</p>', figuresUnavailableHtml: '' },
    { type: 'richText', html: '<p>Your reference is 1000001.</p>' },
  ];
  const tokens = { normal_retirement_date: '-', pension: '-' };

  it('shows the other wording, hides a block whose other wording is empty, and leaves the rest', () => {
    const { container } = renderBlocks(blocks, { tokens, figuresUnavailable: true });
    expect(container.textContent).toBe(
      'We cannot show your retirement date right now.Your reference is 1000001.',
    );
  });

  it('shows the figures when they are there', () => {
    const { container } = renderBlocks(blocks, {
      tokens: { normal_retirement_date: '30 Jun 2031', pension: '£9,000' },
    });
    expect(container.textContent).toBe(
      'Your normal retirement date is 30 Jun 2031.Your pension is £9,000.Your reference is 1000001.',
    );
  });
});

describe('cards and tiles while the figures are unavailable', () => {
  const blocks: Block[] = [
    {
      type: 'taskCard',
      title: 'My pension',
      html: '<p>You could retire in [[token:time_to_retire]].</p>',
      figuresUnavailableHtml: '<p>When you can retire and what you could get.</p>',
      link: { label: 'See my pension', href: '/my-pension' },
    },
    {
      type: 'card',
      title: 'Your pot',
      html: '<p>Your pot is [[token:pot]].</p>',
      figuresUnavailableHtml: '',
    },
    {
      type: 'infoTile',
      label: 'Pension a year',
      value: '[[token:pension]]',
      figuresUnavailableHtml: '<p>Not available right now</p>',
    },
    { type: 'infoTile', label: 'Pot', value: '[[token:pot]]' },
    { type: 'infoTile', label: 'Example pot', value: 8450000, format: 'currency' },
  ];

  it('show their other wording, hide where it is empty or a tile has none, and never show a dash', () => {
    const { container } = renderBlocks(blocks, {
      tokens: { time_to_retire: '-', pot: '-', pension: '-' },
      figuresUnavailable: true,
    });
    expect(container.textContent).toBe(
      'My pensionWhen you can retire and what you could get.See my pension' +
        'Pension a yearNot available right now' +
        'Example pot£84,500',
    );
    expect(container.textContent).not.toContain('-');
  });

  it('show the figures when they are there', () => {
    const { container } = renderBlocks(blocks, {
      tokens: { time_to_retire: '5 years', pot: '£12,000', pension: '£9,000' },
    });
    expect(container.textContent).toContain('You could retire in 5 years.');
    expect(container.textContent).toContain('Your pot is £12,000.');
    expect(container.textContent).toContain('Pension a year£9,000');
    expect(container.textContent).toContain('Pot£12,000');
  });
});

describe('navigation blocks', () => {
  it('lists in-page links in a labelled navigation that move focus to their section', () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderBlocks([
      { type: 'pageMenu', items: [{ anchor: 'tax', label: 'Tax' }] },
      { type: 'richText', anchor: 'tax', html: '<h2>Tax</h2>' },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const link = within(nav).getByRole('link', { name: 'Tax' });
    expect(link.getAttribute('href')).toBe('#tax');
    fireEvent.click(link);
    expect(document.activeElement!.id).toBe('tax');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(window.location.hash).toBe('#tax');
  });

  it('marks the chosen page-menu entry as current', () => {
    Element.prototype.scrollIntoView = vi.fn();
    window.history.replaceState(null, '', '#');
    renderBlocks([
      {
        type: 'pageMenu',
        items: [
          { anchor: 'tax', label: 'Tax' },
          { anchor: 'cash', label: 'Cash' },
        ],
      },
      { type: 'richText', anchor: 'tax', html: '<h2>Tax</h2>' },
      { type: 'richText', anchor: 'cash', html: '<h2>Cash</h2>' },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const current = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-current'));
    expect(current()).toEqual([null, null]);
    fireEvent.click(within(nav).getByRole('link', { name: 'Cash' }));
    expect(current()).toEqual([null, 'location']);
    fireEvent.click(within(nav).getByRole('link', { name: 'Tax' }));
    expect(current()).toEqual(['location', null]);
  });

  it('marks the current journey stage', () => {
    renderBlocks([
      {
        type: 'journeyStageIndicator',
        stages: [
          { key: 'plan', label: 'Plan' },
          { key: 'apply', label: 'Apply' },
          { key: 'done', label: 'Done' },
        ],
        current: 'apply',
      },
    ]);
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    const stages = screen.getAllByRole('listitem');
    expect(stages.map((stage) => stage.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    expect(stages[0]!.textContent).toBe('Plan (completed)');
  });
});

describe('chart', () => {
  it('is an image with a name, and offers its figures as a table', () => {
    renderBlocks([
      {
        type: 'chart',
        kind: 'bar',
        title: 'Contributions',
        format: 'currency',
        labels: ['2024', '2025'],
        series: [
          { name: 'You', values: [120000, 130000] },
          { name: 'Employer', values: [180000, 195000] },
        ],
      },
    ]);
    const image = screen.getByRole('img', { name: /^Contributions\. Bar chart/ });
    expect(image.querySelectorAll('rect')).toHaveLength(4);
    // The scale runs to a round amount above the largest (£1,950), in whole pounds.
    expect([...image.querySelectorAll('.chart__axes > g > text')].map((tick) => tick.textContent)).toEqual([
      '£0',
      '£1,000',
      '£2,000',
    ]);
    const table = screen.getByRole('table', { name: 'Contributions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['You', 'Employer']);
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('2025£1,300.00£1,950.00');
  });

  it('shows a table-only series in the table and does not draw it', () => {
    renderBlocks([
      {
        type: 'chart',
        kind: 'bar',
        title: 'Pension by age',
        format: 'currency',
        labels: ['Age 60', 'Age 61'],
        series: [
          { name: 'Pension a year', values: [1_000_000, 1_100_000] },
          { name: 'Tax-free cash', values: [6_000_000, 6_500_000], tableOnly: true },
        ],
      },
    ]);
    const image = screen.getByRole('img', { name: /^Pension by age\. Bar chart/ });
    expect(image.querySelectorAll('rect')).toHaveLength(2);
    expect(image.textContent).toContain('£20,000');
    expect(image.textContent).not.toContain('£80,000');
    expect(screen.queryByText('Tax-free cash', { selector: 'li' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Pension by age' });
    expect(within(table).getAllByRole('row')[2]!.textContent).toBe('Age 61£11,000£65,000');
  });

  it('draws a doughnut with one arc per label', () => {
    renderBlocks([
      {
        type: 'chart',
        kind: 'doughnut',
        title: 'Funds',
        labels: ['Equity', 'Bonds'],
        series: [{ name: 'Share', values: [70, 30] }],
      },
    ]);
    expect(
      screen.getByRole('img', { name: /^Funds\. Doughnut chart/ }).querySelectorAll('circle'),
    ).toHaveLength(2);
  });
});
