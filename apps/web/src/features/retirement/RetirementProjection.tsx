import { birthdayAtAge, type BlockOf } from '@meridian/contracts';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { answerOr } from '../../lib/http/client';
import { Chart } from '../content';
import { retirementApi, type RetirementOptionsAtAge, type RetirementWindow } from './retirement-api';

type Available = Extract<RetirementOptionsAtAge, { isCalculationSuccessful: true }>;

/**
 * The whole ages whose birthday falls inside the window the member may choose a date from, counting
 * birthdays as the calculation engine does (29 February as 28 February in a common year).
 */
export function agesInWindow({ dateOfBirth, availableRetirementDateRange: { from, to } }: RetirementWindow) {
  const birthYear = Number(dateOfBirth.slice(0, 4));
  const ages: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const age = year - birthYear;
    const birthday = birthdayAtAge(dateOfBirth, age);
    if (birthday >= from && birthday <= to) ages.push(age);
  }
  return ages;
}

const isAvailable = (answer: RetirementOptionsAtAge | null): answer is Available =>
  answer?.isCalculationSuccessful === true;

/** The figures at an age, or null where the calculation engine refuses to quote it (a 400 naming why). */
const figuresAtAge = (age: number) => answerOr(retirementApi.optionsAtAge(age), 400, null);

/** The figures at every age in the window; a read that fails fails them all, so no age goes missing unsaid. */
async function figuresByAge(window: RetirementWindow): Promise<Available[]> {
  const answers = await Promise.all(agesInWindow(window).map(figuresAtAge));
  return answers.filter(isAvailable);
}

/**
 * What the member's pension would be if they retired on each birthday inside their window: the
 * calculation engine's figures, drawn with the content Chart (and its table of the figures). Ages
 * the engine cannot quote are left out; figures that could not be read are said to be missing.
 */
export function RetirementProjection({ window }: { window: RetirementWindow }) {
  const { from, to } = window.availableRetirementDateRange;
  const read = useLoad(() => figuresByAge(window), { key: `${window.dateOfBirth}/${from}/${to}` });
  const heading = <h2 id="projection-title">If you retire on a birthday</h2>;
  if (read.failure)
    return (
      <section className="retirement-projection" aria-labelledby="projection-title">
        {heading}
        <LoadFailed what="show your pension at each age" load={read} />
      </section>
    );
  const figures = read.data;
  if (!figures || figures.length === 0) return null;
  const chart: BlockOf<'chart'> = {
    type: 'chart',
    kind: 'bar',
    title: 'Your pension a year by the age you retire',
    format: 'currency',
    labels: figures.map((entry) => `Age ${entry.age}`),
    series: [
      { name: 'Full pension', values: figures.map((entry) => entry.fullPensionYearlyIncome) },
      {
        name: 'Pension with the most tax-free cash',
        values: figures.map((entry) => entry.maxLumpSumYearlyIncome),
      },
      { name: 'The most tax-free cash', values: figures.map((entry) => entry.maxLumpSum), tableOnly: true },
    ],
  };
  return (
    <section className="retirement-projection" aria-labelledby="projection-title">
      {heading}
      <p>
        What your pension would be each year, before tax, if you retired on your birthday at each age you can
        choose.
      </p>
      <Chart block={chart} renderBlocks={() => null} />
    </section>
  );
}
