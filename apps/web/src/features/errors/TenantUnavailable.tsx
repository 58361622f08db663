import { useEffect } from 'react';

const TITLE = 'Sorry, there is a problem with the service';

/**
 * Shown instead of the whole app when this address has no tenant (or the tenant could not be loaded):
 * without a tenant there is no branding, header or routes, so this page stands alone.
 */
export function TenantUnavailable({ reason }: { reason: 'not-found' | 'unavailable' }) {
  useEffect(() => {
    document.title = TITLE;
  }, []);
  return (
    <main id="main-content" className="container" tabIndex={-1}>
      <h1>{TITLE}</h1>
      {reason === 'not-found' ? (
        <>
          <p>There is no pension scheme set up at this web address (tenant not found).</p>
          <p>Check the web address is correct, or use the link your pension scheme gave you.</p>
        </>
      ) : (
        <>
          <p>We could not load your pension scheme&apos;s details.</p>
          <p>Try again later.</p>
        </>
      )}
    </main>
  );
}
