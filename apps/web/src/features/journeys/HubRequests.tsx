import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MemberCase } from '@meridian/contracts';
import { retirementApi } from './journey-api';

/** The hub's latest request and where it stands (the task cards offer the way to apply). */
export function HubRequests({ referenceNumber }: { referenceNumber: string }) {
  // Drawn with the hub's first render when its first reads have them, so nothing below moves down.
  const [cases, setCases] = useState<MemberCase[] | null>(() => retirementApi.casesAnswered() ?? null);
  useEffect(() => {
    retirementApi
      .cases()
      .then((answer) => setCases(answer.cases))
      .catch(() => setCases([]));
  }, [referenceNumber]);
  const latest = cases?.[0];
  if (!latest) return null;
  return (
    <section aria-labelledby="hub-requests-title" className="hub-requests">
      <h2 id="hub-requests-title">Your requests</h2>
      <p>
        {latest.title} ({latest.caseNumber}): {latest.status}.{' '}
        <Link to="/my-requests">See all your requests</Link>
      </p>
    </section>
  );
}
