import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBlocks } from '../render-blocks';

const text = (html: string) => [{ type: 'richText', html: `<p>${html}</p>` }];

describe('tabs', () => {
  const tabs = {
    type: 'tabs',
    label: 'Your options',
    tabs: [
      { label: 'Retire', blocks: text('Retire content') },
      { label: 'Transfer', blocks: text('Transfer content') },
      { label: 'Wait', blocks: text('Wait content') },
    ],
  };

  it('has a labelled tab list, one tab stop, and panels labelled by their tabs', () => {
    renderBlocks([tabs]);
    const list = screen.getByRole('tablist', { name: 'Your options' });
    const [retire, transfer] = within(list).getAllByRole('tab');
    expect(retire!.getAttribute('aria-selected')).toBe('true');
    expect(retire!.tabIndex).toBe(0);
    expect(transfer!.tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Retire' });
    expect(panel.textContent).toBe('Retire content');
    expect(retire!.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByText('Transfer content').closest('[hidden]')).not.toBeNull();
  });

  it('moves and shows with the arrow keys, wrapping, and with Home and End', () => {
    renderBlocks([tabs]);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Retire').focus();
    fireEvent.keyDown(tab('Retire'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Transfer'));
    expect(tab('Transfer').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Transfer content');
    fireEvent.keyDown(tab('Transfer'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Wait'));
    fireEvent.keyDown(tab('Wait'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Retire'));
    fireEvent.keyDown(tab('Retire'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Wait'));
    fireEvent.keyDown(tab('Wait'), { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Retire content');
  });

  it('shows a tab when it is clicked', () => {
    renderBlocks([tabs]);
    fireEvent.click(screen.getByRole('tab', { name: 'Wait' }));
    expect(screen.getByRole('tabpanel', { name: 'Wait' }).textContent).toBe('Wait content');
  });
});

describe('accordion', () => {
  it('opens and closes sections with buttons in headings that report aria-expanded', () => {
    renderBlocks([
      {
        type: 'accordion',
        headingLevel: 3,
        items: [
          { heading: 'Lump sums', html: '<p>Tax free</p>', open: true },
          { heading: 'Income', blocks: text('Taxed') },
        ],
      },
    ]);
    const lumpSums = screen.getByRole('button', { name: 'Lump sums' });
    const income = screen.getByRole('button', { name: 'Income' });
    expect(screen.getByRole('heading', { level: 3, name: 'Income' })).toBeTruthy();
    expect(lumpSums.getAttribute('aria-expanded')).toBe('true');
    expect(income.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Tax free')).toBeTruthy();
    expect(screen.getByText('Taxed').closest('[hidden]')).not.toBeNull();

    fireEvent.click(income);
    expect(income.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(income.getAttribute('aria-controls')!)!.textContent).toBe('Taxed');
    fireEvent.click(lumpSums);
    expect(lumpSums.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Tax free').closest('[hidden]')).not.toBeNull();
  });
});

describe('data table', () => {
  const rows = [
    { date: '2026-03-31', amount: 150000, note: 'March' },
    { date: '2026-01-31', amount: 99, note: null },
    { date: '2026-02-28', amount: 2000000, note: 'February' },
  ];
  const table = {
    type: 'dataTable',
    caption: 'Payments',
    sortable: true,
    columns: [
      { key: 'date', label: 'Paid on', format: 'date' },
      { key: 'amount', label: 'Amount', format: 'currency' },
      { key: 'note', label: 'Note' },
    ],
    rows,
  };
  const column = (index: number) =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map(
        (row) =>
          within(row).getAllByRole(index === 0 ? 'rowheader' : 'cell')[index === 0 ? 0 : index - 1]!
            .textContent,
      );

  it('has a caption, column headers and row headers, with formatted cells', () => {
    renderBlocks([{ ...table, sortable: false }]);
    expect(screen.getByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.getAttribute('scope'))).toEqual([
      'col',
      'col',
      'col',
    ]);
    expect(column(0)).toEqual(['31 Jan 2026', '28 Feb 2026', '31 Mar 2026']);
    expect(column(1)).toEqual(['£0.99', '£20,000', '£1,500.00']);
    expect(column(2)).toEqual(['-', 'February', 'March']);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('starts sorted by the first column, ascending, unless the block says otherwise', () => {
    renderBlocks([table]);
    expect(screen.getByRole('columnheader', { name: 'Paid on' }).getAttribute('aria-sort')).toBe('ascending');
    expect(column(0)).toEqual(['31 Jan 2026', '28 Feb 2026', '31 Mar 2026']);
    cleanup();
    renderBlocks([{ ...table, sort: { column: 'amount', direction: 'descending' } }]);
    expect(column(1)).toEqual(['£20,000', '£1,500.00', '£0.99']);
    cleanup();
    renderBlocks([{ ...table, sort: 'none' }]);
    expect(column(0)).toEqual(['31 Mar 2026', '31 Jan 2026', '28 Feb 2026']);
  });

  it('shows 10 rows a page unless the block gives another page size', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      date: `2026-02-${String(index + 1).padStart(2, '0')}`,
      amount: index,
      note: `Row ${index + 1}`,
    }));
    renderBlocks([{ ...table, rows: many }]);
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 12')).toBeTruthy();
    cleanup();
    renderBlocks([{ ...table, rows: many, pageSize: 5 }]);
    expect(screen.getByText('Showing 1 to 5 of 12')).toBeTruthy();
  });

  it('sorts by a column from its header button, ascending then descending, with aria-sort', () => {
    renderBlocks([table]);
    const amount = screen.getByRole('button', { name: 'Amount' });
    const header = screen.getByRole('columnheader', { name: 'Amount' });
    expect(header.hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(amount);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(column(1)).toEqual(['£0.99', '£1,500.00', '£20,000']);
    fireEvent.click(amount);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(column(1)).toEqual(['£20,000', '£1,500.00', '£0.99']);

    fireEvent.click(screen.getByRole('button', { name: 'Paid on' }));
    expect(header.hasAttribute('aria-sort')).toBe(false);
    expect(screen.getByRole('columnheader', { name: 'Paid on' }).getAttribute('aria-sort')).toBe('ascending');
    expect(column(0)).toEqual(['31 Jan 2026', '28 Feb 2026', '31 Mar 2026']);

    fireEvent.click(screen.getByRole('button', { name: 'Note' }));
    fireEvent.click(screen.getByRole('button', { name: 'Note' }));
    expect(column(2)).toEqual(['March', 'February', '-']);
  });

  it('splits long tables into pages with a pagination navigation', () => {
    const many = Array.from({ length: 23 }, (_, index) => ({
      date: `2026-01-${String(index + 1).padStart(2, '0')}`,
      amount: index,
      note: `Row ${index + 1}`,
    }));
    renderBlocks([{ ...table, rows: many, pageSize: 10 }]);
    const nav = screen.getByRole('navigation', { name: 'Payments: pages' });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1 to 10 of 23')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(column(2)[0]).toBe('Row 11');
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Showing 21 to 23 of 23')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 21 to 23 of 23')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Note' }));
    expect(screen.getByText('Showing 1 to 10 of 23')).toBeTruthy();
  });
});

describe('page feed carousel', () => {
  it('moves a view at a time with previous and next buttons, and never on its own', () => {
    vi.useFakeTimers();
    const items = ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({
      title,
      link: { label: `Read ${title}`, href: `/${title}` },
    }));
    renderBlocks([{ type: 'pageFeed', title: 'News', layout: 'carousel', items }]);
    const carousel = screen.getByRole('region', { name: 'News' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const titles = () =>
      within(carousel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles()).toEqual(['One', 'Two', 'Three']);
    vi.advanceTimersByTime(60_000);
    expect(titles()).toEqual(['One', 'Two', 'Three']);
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(titles()).toEqual(['Three', 'Four', 'Five']);
    expect(screen.getByText('3 to 5 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(titles()).toEqual(['One', 'Two', 'Three']);
    vi.useRealTimers();
  });
});

describe('modal', () => {
  it('opens a labelled dialog, focuses its title, and returns focus to the trigger on closing', () => {
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    });
    renderBlocks([
      {
        type: 'modal',
        triggerLabel: 'What is a lump sum?',
        title: 'Lump sums',
        html: '<p>Tax free cash</p>',
      },
    ]);
    const trigger = screen.getByRole('button', { name: 'What is a lump sum?' });
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Lump sums' });
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Lump sums' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(trigger);
  });
});
