import { Link } from 'react-router';
import type { FundSwitchStatus, PendingFundSwitch } from '@meridian/contracts';
import { useLoad } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useTenant } from '../../lib/tenant';
import { useMenuLabel } from '../site';

export const FUND_SWITCH_READ = '/mdp-api/api/members/current/fund-switch';
export const readFundSwitch = () => http.get<FundSwitchStatus>(FUND_SWITCH_READ, recordHeaders());

/**
 * A fund switch the member sent that the scheme has not applied yet: when it was asked for, what was
 * asked for, and its request, under the name the tenant's menu gives My requests. Nothing while none is
 * waiting (or when it cannot be read: the pot beside it still shows).
 */
export function FundSwitchPending({ recordKey }: { recordKey: string }) {
  const read = useLoad(readFundSwitch, { key: recordKey });
  const pending = read.data?.pending;
  return pending ? <PendingNotice pending={pending} /> : null;
}

function PendingNotice({ pending }: { pending: PendingFundSwitch }) {
  const { routes } = useTenant();
  const requests = useMenuLabel(routes.myRequests) ?? 'your requests';
  return (
    <div className="notice fund-switch-pending">
      <p>
        <strong>Fund switch requested on {formatDate(pending.requestedOn)}: being processed</strong>
      </p>
      {pending.choice === 'lifestyle' ? (
        <p>
          You asked for your pot to be invested in{' '}
          {pending.strategy
            ? `the lifestyle strategy ${pending.strategy.name}`
            : 'the scheme’s lifestyle strategy'}
          .
        </p>
      ) : (
        <>
          <p>You asked for your pot to be invested in:</p>
          <ul>
            {pending.funds.map((fund) => (
              <li key={fund.code}>
                {fund.name}: {fund.percent}%
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        The funds below are how your pot is invested until we make the switch. You can follow it as{' '}
        {pending.caseNumber} in <Link to={routes.myRequests}>{requests}</Link>. You can ask for another switch
        once this one is done.
      </p>
    </div>
  );
}
