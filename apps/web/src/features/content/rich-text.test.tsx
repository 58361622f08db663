// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../testing/render';
import { renderBlocks } from './render-blocks';
import { RichText, sanitiseHtml } from './rich-text';

describe('sanitising rich text', () => {
  it('keeps a small safe set of tags and attributes', () => {
    expect(
      sanitiseHtml(
        '<p class="x" style="color:red">One <strong>two</strong> <a href="/a" onclick="evil()">three</a></p>',
      ),
    ).toBe('<p>One <strong>two</strong> <a href="/a">three</a></p>');
    expect(sanitiseHtml('<ul><li>A</li></ul><table><tr><th scope="col">H</th></tr></table>')).toBe(
      '<ul><li>A</li></ul><table><tbody><tr><th scope="col">H</th></tr></tbody></table>',
    );
  });

  it('drops scripts, event handlers, frames, forms, images and javascript: links, and never runs anything', () => {
    const clean = sanitiseHtml(
      '<p>Safe</p><script>window.hacked = 1</script><img src=x onerror="window.hacked = 1"><iframe src="https://evil.example"></iframe><form><input></form><a href="javascript:alert(1)">x</a>',
    );
    expect(clean).toBe('<p>Safe</p><a>x</a>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('marks links to other origins noopener noreferrer, and leaves site links alone', () => {
    expect(sanitiseHtml('<a href="https://www.gov.uk/">Gov</a>')).toBe(
      '<a href="https://www.gov.uk/" rel="noopener noreferrer">Gov</a>',
    );
    expect(sanitiseHtml('<a href="/help" rel="nofollow">Help</a>')).toBe('<a href="/help">Help</a>');
  });

  it('turns an h1 into an h2: the page has its own', () => {
    expect(sanitiseHtml('<h1>Big <em>news</em></h1><h3>Small</h3>')).toBe(
      '<h2>Big <em>news</em></h2><h3>Small</h3>',
    );
  });
});

describe('rich text', () => {
  const renderAt = (html: string) => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <RichText html={html} /> },
        { path: '/help', element: <p>Help page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it('follows links within the site with the router', async () => {
    const router = renderAt('<p><a href="/help?topic=tax#lump-sum">Get help</a></p>');
    fireEvent.click(screen.getByRole('link', { name: 'Get help' }));
    expect(await screen.findByText('Help page')).toBeTruthy();
    expect(router.state.location).toMatchObject({
      pathname: '/help',
      search: '?topic=tax',
      hash: '#lump-sum',
    });
  });

  it('keeps a link to the site’s own host, by http or https, inside the app', async () => {
    const { host } = window.location;
    for (const scheme of ['http', 'https']) {
      const router = renderAt(`<p><a href="${scheme}://${host}/help?from=${scheme}">Own host</a></p>`);
      fireEvent.click(screen.getByRole('link', { name: 'Own host' }));
      expect(await screen.findByText('Help page')).toBeTruthy();
      expect(router.state.location).toMatchObject({ pathname: '/help', search: `?from=${scheme}` });
      cleanup();
    }
  });

  it('leaves links elsewhere, and modified clicks, to the browser', () => {
    const router = renderAt('<a href="https://www.gov.uk/">Gov</a> <a href="/help">Help</a>');
    const external = fireEvent.click(screen.getByRole('link', { name: 'Gov' }));
    const newTab = fireEvent.click(screen.getByRole('link', { name: 'Help' }), { ctrlKey: true });
    expect(external && newTab).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('tidying rich text', () => {
  it('removes list items with an unresolved placeholder, empty items and paragraphs, and emptied lists', () => {
    expect(
      sanitiseHtml(
        '<ul><li>Kept</li><li>Gone [[token:unknown]]</li><li> </li></ul><p></p><p>&nbsp;</p><ol><li>[[missing_label]]</li></ol><p>[[token:kept_in_a_paragraph]]</p>',
      ),
    ).toBe('<ul><li>Kept</li></ul><p>[[token:kept_in_a_paragraph]]</p>');
  });

  it('keeps list items whose only placeholders are modals and tooltips, for the renderer', () => {
    expect(sanitiseHtml('<ul><li>[[modal:lump_sum]]</li><li>Term [[tooltip:term]]</li></ul>')).toBe(
      '<ul><li>[[modal:lump_sum]]</li><li>Term [[tooltip:term]]</li></ul>',
    );
  });
});

describe('modal and tooltip placeholders', () => {
  const texts = {
    modals: {
      what_is_lump_sum: {
        title: 'What is a lump sum?',
        html: '<p>Tax-free cash. <a href="/help">Help</a></p>',
      },
    },
    tooltips: { reference_number: 'It is on your <b>statement</b>.' },
  };
  const renderText = (html: string) => renderBlocks([{ type: 'richText', html }], texts);

  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    HTMLDialogElement.prototype.close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    });
  });

  it('opens the globals modal in a labelled dialog from a button in the text, and returns focus on closing', async () => {
    const user = userEvent.setup();
    renderText('<p>Read [[modal:What_Is_Lump_Sum]] first.</p>');
    const trigger = screen.getByRole('button', { name: 'What is a lump sum?' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.closest('p')?.textContent).toBe('Read What is a lump sum? first.');
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'What is a lump sum?' });
    expect(dialog.closest('p')).toBeNull();
    expect(within(dialog).getByText(/Tax-free cash/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'What is a lump sum?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('shows a tooltip as a toggletip that opens with the keyboard, is announced, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderText('<p>Your reference number [[tooltip:reference_number]] is needed.</p>');
    const button = screen.getByRole('button', { name: 'More information' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('It is on your statement.');
    await user.hover(screen.getByText('It is on your statement.'));
    expect(screen.getByRole('status').textContent).toBe('It is on your statement.');
    // The Escape that closes the tip goes no further, so a dialog around it stays open.
    const escapesBeyond = vi.fn();
    window.addEventListener('keydown', escapesBeyond);
    await user.keyboard('{Escape}');
    window.removeEventListener('keydown', escapesBeyond);
    expect(escapesBeyond).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.activeElement).toBe(button);
    await user.keyboard(' ');
    expect(screen.getByRole('status').textContent).not.toBe('');
    await user.click(document.body);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a missing modal or tooltip as its key in brackets', () => {
    renderText('<p>[[modal:no_such_modal]] and [[tooltip:no_such_tooltip]]</p>');
    expect(screen.getByText('[[no_such_modal]] and [[no_such_tooltip]]')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('data placeholders in blocks', () => {
  const url = '/mdp-api/api/members/current/time-to-retirement';
  const dataSources = { [url]: { normalRetirementDate: '2031-06-30', timeToNormalRetirement: '0Y0M0W0D' } };

  it('fills rich text, cards and info tiles from their own data source', () => {
    renderBlocks(
      [
        {
          type: 'richText',
          html: '<p>Retire on [[data-date:normalRetirementDate]].</p>',
          dataSourceUrl: url,
        },
        {
          type: 'card',
          title: 'In [[data-timeto:timeToNormalRetirement]]',
          html: '<p>x</p>',
          dataSourceUrl: url,
        },
        {
          type: 'infoTile',
          label: 'Date',
          value: '[[data-text:normalRetirementDate]]',
          format: 'date',
          dataSourceUrl: url,
        },
        { type: 'richText', html: '<p>No source: [[data-date:normalRetirementDate]]</p>' },
      ],
      { dataSources },
    );
    expect(screen.getByText('Retire on 30 Jun 2031.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In -' })).toBeTruthy();
    expect(screen.getByText('30 Jun 2031')).toBeTruthy();
    expect(screen.getByText('No source: -')).toBeTruthy();
  });
});
