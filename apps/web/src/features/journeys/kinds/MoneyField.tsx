import { moneyKind, type MoneyQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** An amount in pounds and pence; kept in pence, shown again as pounds and pence. */
export default singleBox<MoneyQuestion>(
  moneyKind,

  () => ({ inputMode: 'decimal', className: 'input--8', spellCheck: false }),
  (answer) => (Number(answer.answerKey) / 100).toFixed(2),
);
