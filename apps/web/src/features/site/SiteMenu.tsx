import { Link } from 'react-router';
import type { Menu } from '@meridian/contracts';

type MenuItem = Menu['items'][number];
const target = (item: { href?: string; pageKey?: string }) =>
  'href' in item && item.href ? item.href : `/${item.pageKey}`;

function MenuLink({ item }: { item: MenuItem }) {
  const href = target(item as { href?: string; pageKey?: string });
  return href.startsWith('https://') ? <a href={href}>{item.label}</a> : <Link to={href}>{item.label}</Link>;
}

/** The signed-in member's account links from content (position Account), in order. */
export function AccountMenuLinks({ menu }: { menu: Menu | null }) {
  return (menu?.items ?? [])
    .filter((item) => item.position === 'Account')
    .sort((a, b) => a.orderNo - b.orderNo)
    .map((item) => <MenuLink key={item.label} item={item} />);
}

/** The tenant's main navigation from content, in order. */
export function SiteMenu({ menu }: { menu: Menu | null }) {
  const items = (menu?.items ?? [])
    .filter((item) => item.position !== 'Account')
    .sort((a, b) => a.orderNo - b.orderNo);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Main" className="site-menu">
      <ul className="container">
        {items.map((item) => (
          <li key={item.label}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooterLinks({
  footer,
}: {
  footer: { text: string; links: Array<{ label: string; href?: string; pageKey?: string }> } | null;
}) {
  if (!footer) return null;
  return (
    <>
      {footer.links.length > 0 && (
        <ul className="footer-links">
          {footer.links.map((link) => (
            <li key={link.label}>
              <Link to={target(link)}>{link.label}</Link>
            </li>
          ))}
        </ul>
      )}
      {footer.text && <p>{footer.text}</p>}
    </>
  );
}
