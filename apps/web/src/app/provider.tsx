import { StrictMode } from 'react';
import { AppRouter } from './router';
import { TenantProvider } from './tenant';

/** The whole app: the tenant first (branding, headers, routes), then the router. */
export function App() {
  return (
    <StrictMode>
      <TenantProvider>
        <AppRouter />
      </TenantProvider>
    </StrictMode>
  );
}
