import type { GlidePath } from '@meridian/contracts';
import { formatDate } from '../../lib/format';

/** "A (75%) and B (25%)": the funds a glide path ends in, largest share first. */
function fundList(funds: NonNullable<GlidePath>['endsIn']): string {
  const named = funds.map((fund) => `${fund.name} (${fund.percent}%)`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '');
}

/**
 * The lifestyle strategy a DC pot follows and when it starts moving into steadier funds (the server's
 * `glidePath`, from the target date and the strategy's glide path); nothing for the member's own funds.
 */
export function GlidePathNote({ glidePath }: { glidePath: GlidePath }) {
  if (!glidePath) return null;
  const today = new Date().toISOString().slice(0, 10);
  const { strategyName, startsOn, targetDate } = glidePath;
  const funds = fundList(glidePath.endsIn);
  const target = formatDate(targetDate);
  let move: string;
  if (startsOn === null) move = `It keeps your pot in ${funds}.`;
  else if (targetDate <= today) move = `Since your target retirement date, ${target}, it has held ${funds}.`;
  else if (startsOn > today)
    move = `From ${formatDate(startsOn)} it starts moving into steadier funds, to hold ${funds} by your target retirement date, ${target}.`;
  else
    move = `Since ${formatDate(startsOn)} it has been moving into steadier funds, to hold ${funds} by your target retirement date, ${target}.`;
  return (
    <p>
      Your pot follows {strategyName}. {move}
    </p>
  );
}
