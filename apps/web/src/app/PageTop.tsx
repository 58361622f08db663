import { CookieBanner } from '../features/site/CookieBanner';

/**
 * The top of every screen, drawn before the tenant is known and kept as the page frame appears
 * below it: the skip link (the first thing a keyboard reaches) and the cookie banner.
 */
export function PageTop() {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <CookieBanner />
    </>
  );
}
