import { StrictMode } from 'react';
import { registerJourneyFeatures } from './journey-audiences';
import { AppRouter } from './router';
import { TenantProvider } from './tenant';

registerJourneyFeatures();

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
