import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { busyResponse, jsonResponse, quietConsole, renderApp, stubFetch } from '../../testing/render';
import { isFooter, isMenu } from './site-content-guards';

beforeEach(quietConsole);

const page = {
  slug: '/help',
  key: 'help',
  title: 'Help',
  authMethod: null,
  tenant: { tenantUrl: 'localhost', businessGroup: ['MER'] },
  bgroup: 'MER',
  blocks: [],
};
const menu = {
  items: [{ label: 'Contact', href: '/contact', position: 'Left', orderNo: 1, signedInOnly: false }],
};
const footer = { text: 'Run by the trustees', links: [{ label: 'Privacy', pageKey: 'privacy' }] };

/** A visitor's page at /help with this menu and footer answer. */
function renderWith(menuAnswer: unknown, footerAnswer: unknown) {
  stubFetch((url) => {
    if (url.includes('/unauthorized-page?')) return jsonResponse(200, page);
    if (url.includes('/unauthorized-menu?')) return jsonResponse(200, menuAnswer);
    if (url.includes('/unauthorized-footer?')) return jsonResponse(200, footerAnswer);
    return jsonResponse(404, { errors: [{ code: 'not_found', message: 'None' }] });
  });
  renderApp('/help');
}

describe('the frame with a malformed menu or footer', () => {
  it('renders the page and the footer without a menu whose items are malformed', async () => {
    renderWith({ items: 'Contact' }, footer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Privacy' })).toBeTruthy();
    expect(screen.getByText('Run by the trustees')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('renders the page and the menu without a footer whose links are malformed', async () => {
    renderWith(menu, { text: 'Run by the trustees', links: { label: 'Privacy' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Contact' })).toBeTruthy();
    expect(screen.queryByText('Run by the trustees')).toBeNull();
  });
});

describe('the frame when the menu cannot be read', () => {
  it('says so in the menu bar, and Try again brings the menu with focus on its first link', async () => {
    let busy = true;
    stubFetch((url) => {
      if (url.includes('/unauthorized-page?')) return jsonResponse(200, page);
      if (url.includes('/unauthorized-menu?')) return busy ? busyResponse() : jsonResponse(200, menu);
      if (url.includes('/unauthorized-footer?')) return jsonResponse(200, footer);
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'None' }] });
    });
    renderApp('/help');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText(/Sorry, we cannot show the menu right now/)).toBeTruthy();
    // The page's own answer can arrive after the menu's refusal.
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();

    busy = false;
    const tryAgain = within(nav).getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    const contact = await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', {
      name: 'Contact',
    });
    await waitFor(() => expect(document.activeElement).toBe(contact));
    expect(screen.queryByText(/cannot show the menu/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeTruthy();
  });

  it('keeps the message and focus on its button when trying again fails too', async () => {
    stubFetch((url) => {
      if (url.includes('/unauthorized-page?')) return jsonResponse(200, page);
      if (url.includes('/unauthorized-menu?')) return busyResponse();
      return jsonResponse(404, { errors: [{ code: 'not_found', message: 'None' }] });
    });
    renderApp('/help');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    expect(await screen.findByRole('button', { name: 'Trying again…' })).toBe(tryAgain);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBe(tryAgain);
    expect(document.activeElement).toBe(tryAgain);
  });
});

describe('menu and footer guards', () => {
  it('accept what the content API delivers', () => {
    expect(isMenu(menu)).toBe(true);
    expect(isMenu({ items: [] })).toBe(true);
    expect(isFooter(footer)).toBe(true);
  });

  it('refuse an answer the frame cannot draw', () => {
    expect(isMenu(null)).toBe(false);
    expect(isMenu({})).toBe(false);
    expect(isMenu({ items: [{ ...menu.items[0], label: 7 }] })).toBe(false);
    expect(isMenu({ items: [{ ...menu.items[0], href: undefined }] })).toBe(false);
    expect(isMenu({ items: [{ ...menu.items[0], position: 'Top' }] })).toBe(false);
    expect(isFooter({ links: [] })).toBe(false);
    expect(isFooter({ text: '', links: [{ label: 'Privacy' }] })).toBe(false);
  });
});
