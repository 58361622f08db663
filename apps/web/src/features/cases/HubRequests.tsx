import { Link } from 'react-router';
import { useLoad } from '../../components/useLoad';
import { useTenant } from '../../lib/tenant';
import { casesApi } from './cases-api';

const readCases = async () => (await casesApi.cases()).cases;

/**
 * The hub's latest request and where it stands (the task cards offer the way to apply). A shortcut to
 * My requests, so it is left out while the requests cannot be read; My requests says why.
 */
export function HubRequests({ recordKey }: { recordKey: string }) {
  // Drawn with the hub's first render when its first reads have them, so nothing below moves down.
  const cases = useLoad(readCases, { key: recordKey, initial: casesApi.casesAnswered() });
  const { routes } = useTenant();
  const latest = cases.data?.[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="hub-requests-title" className="hub-requests">
      <h2 id="hub-requests-title">Your requests</h2>
      <p>
        {latest.title} ({latest.caseNumber}): {latest.status}.{' '}
        <Link to={routes.myRequests}>See all your requests</Link>
      </p>
    </section>
  );
}
