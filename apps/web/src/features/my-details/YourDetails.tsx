import './my-details.css';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  phoneNumberAsDialled,
  type MaskedBankAccount,
  type MembershipSummary,
  type NotificationSettings,
  type PendingBankChange,
} from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { memberApi, type PersonalDetails } from '../../lib/api';
import { formatDate, formatPeriod } from '../../lib/format';
import { detailsApi, type StoredAddress } from '../../lib/details-api';

interface Details {
  personal: PersonalDetails;
  membership: MembershipSummary;
  email: string | null;
  mobile: string | null;
  address: StoredAddress | null;
  notifications: NotificationSettings;
  bank: MaskedBankAccount | null;
  pendingBank: PendingBankChange | null;
}

async function loadDetails(): Promise<Details> {
  const [personal, membership, email, mobile, address, notifications, bank, pendingBank] = await Promise.all([
    memberApi.personalDetails(),
    detailsApi.membershipSummary(),
    detailsApi.email(),
    detailsApi.mobile(),
    detailsApi.address(),
    detailsApi.notifications(),
    detailsApi.bankAccount(),
    detailsApi.pendingBankChange(),
  ]);
  return {
    personal,
    membership,
    email: email.email,
    mobile: mobile.number,
    address,
    notifications,
    bank,
    pendingBank,
  };
}

const date = (value: string | null) => (value ? formatDate(value) : 'Not recorded');

function AccountLines({ account }: { account: MaskedBankAccount }) {
  return (
    <>
      <span className="address-line">{account.accountName}</span>
      <span className="address-line">
        {account.kind === 'uk'
          ? `Sort code ${account.sortCode}, account ${account.accountNumber}`
          : `IBAN ${account.iban}, ${account.currency}`}
      </span>
    </>
  );
}

function Row({
  label,
  children,
  change,
}: {
  label: string;
  children: ReactNode;
  change?: { href: string; what: string };
}) {
  return (
    <div className="summary-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
      {change && (
        <dd className="summary-action">
          <Link to={change.href}>
            Change<span className="visually-hidden"> {change.what}</span>
          </Link>
        </dd>
      )}
    </div>
  );
}

/** Your details: personal, membership, contact details and preferences, bank account, each with Change links. */
export function YourDetails() {
  const details = useLoad(loadDetails);
  const changed = (useLocation().state as { changed?: string } | null)?.changed;

  if (details.failure) return <LoadFailed what="show your details" load={details} />;
  if (!details.data) return <p className="page-loading">Loading...</p>;
  const { personal, membership, email, mobile, address, notifications, bank, pendingBank } = details.data;
  const channels = [
    notifications.email && 'Email',
    notifications.sms && 'Text message',
    notifications.post && 'Post',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      {changed && (
        <div className="notice notice--success" role="status">
          <p>{changed}</p>
        </div>
      )}
      <h2>Personal details</h2>
      <dl className="summary-list">
        <Row label="Name">{personal.name}</Row>
        <Row label="Date of birth">{date(personal.dateOfBirth)}</Row>
      </dl>
      <h2>Membership</h2>
      <dl className="summary-list">
        <Row label="Scheme">{membership.schemeName}</Row>
        <Row label="Reference number">{membership.referenceNumber}</Row>
        <Row label="Status">{membership.status}</Row>
        <Row label="Joined the scheme">{date(membership.dateJoinedScheme)}</Row>
        {membership.dateLeftScheme && <Row label="Left the scheme">{date(membership.dateLeftScheme)}</Row>}
        {membership.pensionableService && (
          <Row label="Pensionable service">
            {formatPeriod(`${membership.pensionableService.years}Y${membership.pensionableService.months}M`)}
          </Row>
        )}
        {membership.targetRetirementDate ? (
          <Row label="Target retirement">
            Age {membership.targetRetirementAge}, {date(membership.targetRetirementDate)}
          </Row>
        ) : (
          membership.normalRetirementDate && (
            <Row label="Normal retirement">
              Age {membership.normalRetirementAge}, {date(membership.normalRetirementDate)}
            </Row>
          )
        )}
        {membership.earliestRetirementDate && (
          <Row label="Earliest retirement">
            Age {membership.earliestRetirementAge}, {date(membership.earliestRetirementDate)}
          </Row>
        )}
      </dl>
      <h2>Contact details</h2>
      <dl className="summary-list">
        <Row label="Address" change={{ href: '/my-details/address', what: 'address' }}>
          {address ? (
            <>
              {[...address.lines, address.town, address.county, address.postcode]
                .filter(Boolean)
                .map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
            </>
          ) : (
            'Not recorded'
          )}
        </Row>
        <Row label="Email address" change={{ href: '/my-details/email', what: 'email address' }}>
          {email ?? 'Not recorded'}
        </Row>
        <Row label="Mobile number" change={{ href: '/my-details/mobile', what: 'mobile number' }}>
          {mobile ? phoneNumberAsDialled(mobile) : 'Not recorded'}
        </Row>
        <Row
          label="How we contact you"
          change={{ href: '/my-details/contact-preferences', what: 'how we contact you' }}
        >
          {channels}
        </Row>
      </dl>
      <h2>Sign-in and security</h2>
      <p>
        <Link to="/my-details/security">Change your password, and see where you are signed in</Link>
      </p>
      <h2>Bank account</h2>
      <dl className="summary-list">
        <Row
          label="Bank account"
          change={pendingBank ? undefined : { href: '/my-details/bank', what: 'bank account' }}
        >
          {bank ? <AccountLines account={bank} /> : 'Not recorded'}
        </Row>
        {pendingBank && (
          <div className="summary-row">
            <dt>Change waiting</dt>
            <dd>
              <AccountLines account={pendingBank.account} />
              <span className="address-line">
                Pending: we will pay into this account from {formatDate(pendingBank.appliesAt)}
              </span>
            </dd>
            <dd className="summary-action">
              <Link to="/my-details/bank/cancel">
                Cancel<span className="visually-hidden"> the change to your bank account</span>
              </Link>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
