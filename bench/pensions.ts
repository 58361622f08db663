// Throughput of the pensions engine on one core: full DB and DC quotes for a synthetic population.
// Prints figures and returns them; never asserts on time.
import {
  addDays,
  CalculationError,
  daysBetween,
  calculateDbQuote,
  calculateDcQuote,
  getDbSchemeConfig,
  getDcSchemeConfig,
  isoDate,
  maxDate,
  minimumPensionDate,
  retirementDates,
  type DbMember,
  type DcMember,
  type DbSchemeConfig,
  type IsoDate,
} from '../packages/pensions/src';

const POPULATION = 100_000;
const TODAY = isoDate('2026-01-15');

/** mulberry32: small, fast and deterministic for a given seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface SyntheticMember {
  db: DbMember;
  dbScheme: DbSchemeConfig;
  dbRetirementDate: IsoDate | null;
  dc: DcMember;
}

function population(size: number, seed = 20260115): SyntheticMember[] {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const mdb = getDbSchemeConfig('MDB');
  const bdb = getDbSchemeConfig('BDB');
  const strategies = getDcSchemeConfig('MDC').strategies.map((s) => s.code);
  const members: SyntheticMember[] = [];
  for (let i = 0; i < size; i++) {
    const dateOfBirth = addDays(TODAY, -int(25 * 365, 69 * 365));
    const active = random() < 0.3;
    const dbScheme = random() < 0.8 ? mdb : bdb;
    const common = {
      dateOfBirth,
      gender: pick(['M', 'F'] as const),
      dateRetired: null,
      protectedPensionAge: null,
      lumpSumAllowanceUsedPence: random() < 0.1 ? int(0, 26_827_500) : 0,
    };
    const db: DbMember = {
      ...common,
      status: active ? 'Active' : 'Deferred',
      dateLeftScheme: active ? null : addDays(TODAY, -int(30, 20 * 365)),
      benefits: {
        tranches: [
          { code: 'PRE09', annualPensionPence: int(0, 1_500_000) },
          { code: 'POST09', annualPensionPence: int(10_000, 2_500_000) },
        ],
        finalPensionableSalaryPence: active ? int(2_000_000, 9_000_000) : undefined,
        accrualRate: active ? '1/60' : undefined,
        avcFundPence: random() < 0.25 ? int(0, 8_000_000) : 0,
      },
    };
    // Half retire at the effective date; the rest pick a day between the first allowed date and NRD.
    const dates = retirementDates(dateOfBirth, dbScheme.ages);
    const first = maxDate(
      maxDate(dates.earliest, addDays(TODAY, 37)),
      minimumPensionDate(dateOfBirth, TODAY, null),
    );
    const chosen = addDays(first, int(0, Math.max(0, daysBetween(first, dates.normal))));
    // a day in the NMPA gap (6 April 2028 to the 57th birthday) moves to the next allowed day
    const early = minimumPensionDate(dateOfBirth, chosen, null);
    const dbRetirementDate = random() < 0.5 && early < dates.normal ? early : null;
    const dc: DcMember = {
      ...common,
      status: active ? 'Active' : 'Deferred',
      dateLeftScheme: null,
      benefits: {
        potPence: int(100_000, 60_000_000),
        monthlyContributionPence: active ? int(5_000, 150_000) : 0,
        targetRetirementAge: pick([60, 62, 65, 65, 65, 67, 68]),
        investment: { strategy: pick(strategies) },
      },
    };
    members.push({
      db,
      dbScheme,
      dbRetirementDate: dbRetirementDate && dbRetirementDate < dates.normal ? dbRetirementDate : null,
      dc,
    });
  }
  return members;
}

function time(run: () => number): { ms: number; checksum: number } {
  const started = performance.now();
  const checksum = run();
  return { ms: performance.now() - started, checksum };
}

export async function runPensionsBench(): Promise<Record<string, number | string>> {
  let members: SyntheticMember[] = [];
  const setup = time(() => (members = population(POPULATION)).length);
  const mdc = getDcSchemeConfig('MDC');
  // one member each way first, so JIT warm-up is not billed to the batch
  calculateDbQuote(members[0]!.db, members[0]!.dbScheme, { today: TODAY });
  calculateDcQuote(members[0]!.dc, mdc, { today: TODAY, retirementDate: null });

  // A date the rules refuse (the minimum pension age moving, say) is an answer too: it is counted.
  let dbRefused = 0;
  const db = time(() => {
    let sum = 0;
    for (const m of members) {
      try {
        sum += calculateDbQuote(m.db, m.dbScheme, { today: TODAY, retirementDate: m.dbRetirementDate })
          .lumpSum.maximumPence;
      } catch (error) {
        if (!(error instanceof CalculationError)) throw error;
        dbRefused += 1;
      }
    }
    return sum;
  });
  const dc = time(() => {
    let sum = 0;
    for (const m of members) sum += calculateDcQuote(m.dc, mdc, { today: TODAY }).projection.potPence;
    return sum;
  });

  const perSecond = (ms: number) => Math.round(POPULATION / (ms / 1000));
  const results: Record<string, number | string> = {
    pensionsPopulation: POPULATION,
    pensionsPopulationSetupMs: Math.round(setup.ms),
    pensionsDbQuotesTotalMs: Math.round(db.ms),
    pensionsDbQuotesPerSecond: perSecond(db.ms),
    pensionsDcQuotesTotalMs: Math.round(dc.ms),
    pensionsDcQuotesPerSecond: perSecond(dc.ms),
    pensionsDbAndDcQuotesTotalMs: Math.round(db.ms + dc.ms),
    pensionsDbChecksumPence: db.checksum,
    pensionsDbQuotesRefused: dbRefused,
    pensionsDcChecksumPence: dc.checksum,
  };
  console.log(
    `pensions: ${POPULATION.toLocaleString('en-GB')} members — DB quotes ${results.pensionsDbQuotesTotalMs} ms ` +
      `(${results.pensionsDbQuotesPerSecond}/s), DC quotes ${results.pensionsDcQuotesTotalMs} ms (${results.pensionsDcQuotesPerSecond}/s), ` +
      `both ${results.pensionsDbAndDcQuotesTotalMs} ms`,
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runPensionsBench());
}
