import { Link } from 'react-router';
import { webAppPaths, type PendingBankChange } from '@meridian/contracts';
import { formatDate } from '../../lib/format';

/** A bank change waiting out its cooling-off, as My requests lists it: what, since when, until when. */
export function PendingBankChangeRequest({ change }: { change: PendingBankChange }) {
  const account = change.account;
  return (
    <div className="request">
      <h3>Change of bank details</h3>
      <dl className="summary-list">
        <div className="summary-row">
          <dt>Status</dt>
          <dd>Pending: we will pay into the new account from {formatDate(change.appliesAt)}</dd>
        </div>
        <div className="summary-row">
          <dt>New account</dt>
          <dd>
            {account.accountName},{' '}
            {account.kind === 'uk' ? `account ${account.accountNumber}` : `IBAN ${account.iban}`}
          </dd>
        </div>
        <div className="summary-row">
          <dt>Asked for</dt>
          <dd>{formatDate(change.requestedAt)}</dd>
        </div>
      </dl>
      <p className="button-group">
        <Link to={webAppPaths.cancelBankChange}>
          Cancel<span className="visually-hidden"> the change of bank details</span>
        </Link>
      </p>
    </div>
  );
}
