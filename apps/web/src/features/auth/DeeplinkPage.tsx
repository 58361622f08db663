import { Navigate } from 'react-router';
import { takeNextUrl } from '../../lib/auth';
import { useTenant } from '../../lib/tenant';

/** After sign-in: back to the page the member asked for, else the landing page. */
export function DeeplinkPage() {
  const { routes } = useTenant();
  return <Navigate to={takeNextUrl() ?? routes.landing} replace />;
}
