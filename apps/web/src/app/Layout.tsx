import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../lib/auth';
import { contentImageUrl } from '@meridian/contracts';
import { useTenant } from '../lib/tenant';
import { IdleTimeoutDialog } from '../features/auth/IdleTimeoutDialog';
import { NavigationProgress } from '../components/NavigationProgress';
import { PageLoading } from '../components/PageLoading';
import { CookieBannerPlace } from '../features/site/CookieBanner';
import { LeaveSiteDialog } from '../features/outbound-sso/LeaveSiteDialog';
import { AccountMenuLinks, SiteFooterLinks, SiteMenu } from '../features/site/SiteMenu';
import { useSiteContent } from '../features/site/site-content';
import { createTextResolver } from '../features/content/tokens';

/** After an in-app navigation, focus moves to the main content so screen readers start on the new page. */
function useFocusMainOnNavigation() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  useEffect(() => {
    if (key === firstKey.current) return;
    firstKey.current = '';
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [key]);
}

/** The page frame below the skip link and cookie banner: tenant header (banner), main content, footer (contentinfo). */
export function Layout() {
  const { tenant, routes } = useTenant();
  const { signedIn, signOut } = useAuth();
  const navigating = useNavigation().state !== 'idle';
  useFocusMainOnNavigation();
  const { menu, footer, texts, loading, failed, retrying, retry } = useSiteContent(signedIn);
  const { text } = useMemo(() => createTextResolver(texts), [texts]);
  return (
    <>
      <CookieBannerPlace />
      <header className="site-header">
        <NavigationProgress />
        <div className="container header-inner">
          <Link to="/" className="logo">
            {tenant.logo ? (
              <img
                src={contentImageUrl(tenant.tenantUrl, tenant.logo.image, tenant.logo.version)}
                alt={tenant.logoText}
                width={tenant.logo.width}
                height={tenant.logo.height}
              />
            ) : (
              tenant.logoText
            )}
          </Link>
          <span className="header-text">{tenant.headerText}</span>
          <nav aria-label="Account">
            {signedIn ? (
              <>
                {menu?.items.some((item) => item.position === 'Account') ? (
                  <AccountMenuLinks menu={menu} text={text} />
                ) : (
                  <Link to={routes.landing}>Your pension</Link>
                )}
                <button type="button" className="link-button" onClick={() => void signOut()}>
                  Sign out
                </button>
              </>
            ) : (
              <Link to={routes.postLogout}>Sign in</Link>
            )}
          </nav>
        </div>
        <SiteMenu
          menu={menu}
          text={text}
          loading={loading}
          failed={failed}
          retrying={retrying}
          retry={retry}
        />
      </header>
      <main id="main-content" className="container" tabIndex={-1} aria-busy={navigating || undefined}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="container">
          <SiteFooterLinks footer={footer} text={text} />
          <p>{tenant.tenantName}</p>
        </div>
      </footer>
      <IdleTimeoutDialog />
      <LeaveSiteDialog />
      <ScrollRestoration />
    </>
  );
}
