import './my-details.css';
import { Link } from 'react-router';
import { useLoad } from '../../components/useLoad';
import { detailsApi } from '../../lib/details-api';

const readAlerts = async () => (await detailsApi.alerts()).alerts;

/** The member's alerts on the hub: priority ones as warnings, the others as notes, each with its link. */
export function MemberAlerts({ recordKey }: { recordKey: string }) {
  // Drawn with the hub's first render when its first reads have them, so nothing below moves down.
  // Left out while they cannot be read: each alert's subject has its own page, which says so.
  const alerts = useLoad(readAlerts, { key: recordKey, initial: detailsApi.alertsAnswered() }).data ?? [];
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="member-alerts-title" className="member-alerts">
      <h2 id="member-alerts-title">For your attention</h2>
      <ul>
        {alerts.map((alert) => (
          <li
            key={alert.alertId}
            className={alert.priority ? 'member-alert member-alert--priority' : 'member-alert'}
          >
            {alert.priority && <strong>Action needed: </strong>}
            {alert.link ? <Link to={alert.link}>{alert.messageText}</Link> : alert.messageText}
          </li>
        ))}
      </ul>
    </section>
  );
}
