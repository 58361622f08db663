import { Link, Outlet } from 'react-router';
import { useAuth } from '../app/auth';
import { useTenant } from '../app/tenant';
import { IdleTimeoutDialog } from '../features/auth/IdleTimeoutDialog';

export function Layout() {
  const { tenant, routes } = useTenant();
  const { signedIn, signOut } = useAuth();
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="logo">
            {tenant.logoText}
          </Link>
          <span className="header-text">{tenant.headerText}</span>
          <nav aria-label="Account">
            {signedIn ? (
              <>
                <Link to={routes.landing}>Your pension</Link>
                <button type="button" className="link-button" onClick={() => void signOut()}>
                  Sign out
                </button>
              </>
            ) : (
              <Link to={routes.postLogout}>Sign in</Link>
            )}
          </nav>
        </div>
      </header>
      <main id="main-content" className="container" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>{tenant.tenantName}</p>
        </div>
      </footer>
      <IdleTimeoutDialog />
    </>
  );
}
