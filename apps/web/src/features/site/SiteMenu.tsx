import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import type { Footer, Menu } from '@meridian/contracts';
import { internalPath } from '../content';

type MenuItem = Menu['items'][number];
/** Fills the placeholders of a menu label or footer text. */
export type TextFiller = (source: string) => string;

const target = (item: { href?: string; pageKey?: string }) =>
  'href' in item && item.href ? item.href : `/${item.pageKey}`;

/** A link to this site navigates in the app and is marked `aria-current="page"` on its own page. */
function MenuLink({
  item,
  text,
}: {
  item: { label: string; href?: string; pageKey?: string };
  text: TextFiller;
}) {
  const href = target(item);
  const path = internalPath(href);
  const label = text(item.label);
  return path === undefined ? (
    <a href={href}>{label}</a>
  ) : (
    <NavLink to={path} end>
      {label}
    </NavLink>
  );
}

const inOrder = (items: MenuItem[], position: MenuItem['position']) =>
  items.filter((item) => item.position === position).sort((a, b) => a.orderNo - b.orderNo);

/** The signed-in member's account links from content (position Account), in order. */
export function AccountMenuLinks({ menu, text }: { menu: Menu | null; text: TextFiller }) {
  return inOrder(menu?.items ?? [], 'Account').map((item) => (
    <MenuLink key={item.label} item={item} text={text} />
  ));
}

/** The menu could not be read: the bar says so in place of the links and offers to read it again. */
function MenuUnavailable({ retrying, retry }: { retrying: boolean; retry: () => void }) {
  return (
    <p className="site-menu__problem">
      Sorry, we cannot show the menu right now.{' '}
      <button
        type="button"
        className="link-button"
        aria-disabled={retrying || undefined}
        onClick={() => !retrying && retry()}
      >
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </p>
  );
}

/** The tenant's main navigation from content, in order: the left-hand items, and apart from them the right-hand ones. */
export function SiteMenu({
  menu,
  text,
  loading = false,
  failed = false,
  retrying = false,
  retry,
}: {
  menu: Menu | null;
  text: TextFiller;
  loading?: boolean;
  /** The menu could not be read; with `retry`, the bar offers to read it again. */
  failed?: boolean;
  retrying?: boolean;
  retry?: () => void;
}) {
  const nav = useRef<HTMLElement>(null);
  const wasRetrying = useRef(false);
  // The message and its button stay while the menu is read again, so focus stays there if that fails
  // too; when the links replace them, focus goes to the first (or to the page, if there are none).
  useEffect(() => {
    const answered = wasRetrying.current && !retrying;
    wasRetrying.current = retrying;
    if (answered && !failed)
      (nav.current?.querySelector('a') ?? document.getElementById('main-content'))?.focus({
        preventScroll: true,
      });
  }, [retrying, failed]);
  const left = inOrder(menu?.items ?? [], 'Left');
  const right = inOrder(menu?.items ?? [], 'Right');
  // The bar is one row high (it scrolls sideways on a narrow screen), so while the menu loads an empty
  // bar keeps the page below in place.
  if (loading) return <div className="site-menu" aria-hidden="true" />;
  if (failed && retry)
    return (
      <nav aria-label="Main" className="site-menu" ref={nav}>
        <div className="container site-menu__inner">
          <MenuUnavailable retrying={retrying} retry={retry} />
        </div>
      </nav>
    );
  if (left.length + right.length === 0) return null;
  const list = (items: MenuItem[], side: 'left' | 'right') =>
    items.length > 0 && (
      <ul className={`site-menu__${side}`}>
        {items.map((item) => (
          <li key={item.label}>
            <MenuLink item={item} text={text} />
          </li>
        ))}
      </ul>
    );
  return (
    <nav aria-label="Main" className="site-menu" ref={nav}>
      <div className="container site-menu__inner">
        {list(left, 'left')}
        {list(right, 'right')}
      </div>
    </nav>
  );
}

export function SiteFooterLinks({ footer, text }: { footer: Footer | null; text: TextFiller }) {
  if (!footer) return null;
  return (
    <>
      {footer.links.length > 0 && (
        <ul className="footer-links">
          {footer.links.map((link) => (
            <li key={link.label}>
              <MenuLink item={link} text={text} />
            </li>
          ))}
        </ul>
      )}
      {footer.text && <p>{text(footer.text)}</p>}
    </>
  );
}
