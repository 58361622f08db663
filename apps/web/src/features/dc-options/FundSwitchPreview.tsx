import type { FundSwitchPreview as Preview, GlidePath } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { http, recordHeaders } from '../../lib/api';
import { formatDate } from '../../lib/format';

export const FUND_SWITCH_PREVIEW_READ = '/mdp-api/api/members/current/fund-switch/preview';
const readPreview = () => http.get<Preview>(FUND_SWITCH_PREVIEW_READ, recordHeaders());

type Path = NonNullable<GlidePath>;
type Fund = { code: string; name: string; percent: number };

const STAYS = 'Never: the funds you chose stay as they are';

/** When a glide path starts moving the pot, as of `today`. */
function moveOf(path: Path, today: string): string {
  if (path.startsOn === null) return 'Never: it keeps your pot in the same funds';
  if (path.startsOn <= today) return `Already moving: it started on ${formatDate(path.startsOn)}`;
  return formatDate(path.startsOn);
}

function FundList({ funds }: { funds: readonly Fund[] }) {
  return (
    <ul>
      {funds.map((fund) => (
        <li key={fund.code}>
          {fund.name}: {fund.percent}%
        </li>
      ))}
    </ul>
  );
}

function Table({ id, caption, children }: { id: string; caption: string; children: React.ReactNode }) {
  return (
    <div className="data-table" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Each of the scheme's lifestyle strategies as it would run to the member's target date. */
function Strategies({ preview, today }: { preview: Preview; today: string }) {
  const target = preview.strategies[0]?.targetDate;
  if (!target) return null;
  return (
    <Table
      id="fund-switch-strategies"
      caption={`How each strategy would invest your pot up to your target retirement date, ${formatDate(target)}`}
    >
      <thead>
        <tr>
          <th scope="col">Strategy</th>
          <th scope="col">Starts moving your pot into steadier funds</th>
          <th scope="col">Your pot at your target retirement date</th>
        </tr>
      </thead>
      <tbody>
        {preview.strategies.map((path) => (
          <tr key={path.strategyCode}>
            <th scope="row">
              {path.strategyName}
              {preview.current?.strategyCode === path.strategyCode && ' (your pot follows this now)'}
            </th>
            <td>{moveOf(path, today)}</td>
            <td>
              <FundList funds={path.endsIn} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The switch chosen so far against how the pot is invested now. */
function Change({ preview, today }: { preview: Preview; today: string }) {
  const { current, chosen } = preview;
  if (!chosen) return null;
  const target = (current ?? preview.strategies[0])?.targetDate;
  const after = chosen.choice === 'lifestyle' ? chosen.glidePath : null;
  return (
    <Table id="fund-switch-change" caption="What your switch changes">
      <thead>
        <tr>
          <td />
          <th scope="col">Now</th>
          <th scope="col">After your switch</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Invested in</th>
          <td>{current ? current.strategyName : 'Funds you chose'}</td>
          <td>{after ? after.strategyName : 'Funds you chose'}</td>
        </tr>
        <tr>
          <th scope="row">Starts moving your pot into steadier funds</th>
          <td>{current ? moveOf(current, today) : STAYS}</td>
          <td>{after ? moveOf(after, today) : STAYS}</td>
        </tr>
        <tr>
          <th scope="row">
            {target
              ? `Your pot at your target retirement date, ${formatDate(target)}`
              : 'Your pot from then on'}
          </th>
          <td>{current ? <FundList funds={current.endsIn} /> : 'The funds it is in now, shown above'}</td>
          <td>
            <FundList funds={after ? after.endsIn : chosen.choice === 'self_select' ? chosen.funds : []} />
          </td>
        </tr>
      </tbody>
    </Table>
  );
}

/**
 * What a fund switch would change, from the server's glide paths: each lifestyle strategy's start of
 * moving and end funds (`strategies`, on the strategy choice) or the chosen switch against the pot's
 * investment now (`change`, on the check page). Nothing before a choice on the check page.
 */
export function FundSwitchPreview({ show, recordKey }: { show: 'strategies' | 'change'; recordKey: string }) {
  const read = useLoad(readPreview, { key: recordKey });
  if (read.failure) return <LoadFailed what="show what your switch would change" load={read} />;
  if (!read.data) return <p className="page-loading">Loading...</p>;
  const today = new Date().toISOString().slice(0, 10);
  return show === 'strategies' ? (
    <Strategies preview={read.data} today={today} />
  ) : (
    <Change preview={read.data} today={today} />
  );
}
