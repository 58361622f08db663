import { addMonths, type IsoDate } from './dates';
import { CalculationError } from './errors';
import type { DcBenefits } from './member';
import type { DcSchemeConfig, InvestmentStrategy } from './scheme-config';

/**
 * The lifestyle strategy a pot follows: the member's own, else the scheme's default; null when the member
 * chose their own funds (which stay as they are). A strategy the scheme does not have is `invalid_member`.
 */
export function lifestyleStrategyOf(
  investment: DcBenefits['investment'],
  scheme: DcSchemeConfig,
): InvestmentStrategy | null {
  if (investment && 'funds' in investment) return null;
  const code = investment?.strategy ?? scheme.defaultStrategy;
  const strategy = scheme.strategies.find((candidate) => candidate.code === code);
  if (!strategy)
    throw new CalculationError('invalid_member', `Strategy ${code} is not in scheme ${scheme.code}`);
  return strategy;
}

/**
 * The day a strategy's glide path starts moving the pot: the target date less its furthest point's
 * `yearsToTarget`, in whole calendar months as the projection counts them (`strategyGrowthPath`: the
 * first month whose mix differs), on UTC days; null for a path of one point, which never moves.
 */
export function glidePathStart(targetDate: IsoDate, strategy: InvestmentStrategy): IsoDate | null {
  const [furthest, next] = strategy.glidePath;
  if (!furthest || !next) return null;
  return addMonths(targetDate, -Math.floor(furthest.yearsToTarget * 12 + 1e-9));
}

/** Where a lifestyle strategy takes the pot and when. */
export interface GlidePath {
  strategyCode: string;
  strategyName: string;
  /** The day the move into steadier funds starts (may be past); null when the strategy never moves. */
  startsOn: IsoDate | null;
  /** The target date, when the pot holds the path's last mix. */
  targetDate: IsoDate;
  /** The last mix: each fund's share of the pot (0 to 1), largest first, as the configuration orders ties. */
  endsIn: { code: string; share: number }[];
}

/** The glide path a pot follows to `targetDate`; null for self-selected funds. */
export function glidePathOf(
  investment: DcBenefits['investment'],
  scheme: DcSchemeConfig,
  targetDate: IsoDate,
): GlidePath | null {
  const strategy = lifestyleStrategyOf(investment, scheme);
  if (!strategy) return null;
  const last = strategy.glidePath.at(-1)!;
  return {
    strategyCode: strategy.code,
    strategyName: strategy.name,
    startsOn: glidePathStart(targetDate, strategy),
    targetDate,
    endsIn: Object.entries(last.allocation)
      .filter(([, share]) => share > 0)
      .map(([code, share]) => ({ code, share }))
      .sort((a, b) => b.share - a.share),
  };
}
