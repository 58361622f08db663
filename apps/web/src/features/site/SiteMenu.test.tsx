import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Menu } from '@meridian/contracts';
import '../../testing/render';
import { createTextResolver, noTexts } from '../content';
import { SiteFooterLinks, SiteMenu } from './SiteMenu';

const { text } = createTextResolver({
  ...noTexts,
  labels: { help_menu: 'Help with [[token:scheme]]', contact: 'Contact' },
  tokens: { scheme: 'Meridian' },
});

const menu: Menu = {
  items: [
    {
      label: '[[label:contact]] us',
      href: '/contact-us',
      position: 'Right',
      orderNo: 1,
      signedInOnly: false,
    },
    { label: 'Home', href: '/', position: 'Left', orderNo: 1, signedInOnly: false },
    { label: '[[LABEL:help_menu]]', href: '/help', position: 'Left', orderNo: 2, signedInOnly: false },
    {
      label: 'Own site',
      href: `https://${window.location.host}/search`,
      position: 'Left',
      orderNo: 3,
      signedInOnly: false,
    },
    { label: 'Gov', href: 'https://www.gov.uk/', position: 'Left', orderNo: 4, signedInOnly: false },
    { label: 'Your pension', href: '/hub', position: 'Account', orderNo: 1, signedInOnly: true },
  ],
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteMenu menu={menu} text={text} />
      <SiteFooterLinks
        footer={{
          text: 'Run by [[token:scheme]] trustees',
          links: [{ label: '[[label:help_menu]]', href: '/help' }],
        }}
        text={text}
      />
    </MemoryRouter>,
  );

describe('site menu and footer', () => {
  it('fills placeholders in menu labels and the footer', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Help with Meridian' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByText('Run by Meridian trustees')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Help with Meridian' })).toHaveLength(2);
  });

  it('keeps right-hand items in a list apart from the left-hand ones, and leaves Account items out', () => {
    renderAt('/');
    const [left, right] = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('list');
    expect(
      within(left!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Help with Meridian', 'Own site', 'Gov']);
    expect(
      within(right!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Contact us']);
    expect(right!.className).toBe('site-menu__right');
    expect(screen.queryByRole('link', { name: 'Your pension' })).toBeNull();
  });

  it('marks the entry of the page shown as current, and links to the own host within the app', () => {
    renderAt('/help');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Help with Meridian' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).hasAttribute('aria-current')).toBe(false);
    expect(within(nav).getByRole('link', { name: 'Own site' }).getAttribute('href')).toBe('/search');
    expect(within(nav).getByRole('link', { name: 'Gov' }).getAttribute('href')).toBe('https://www.gov.uk/');
  });
});
