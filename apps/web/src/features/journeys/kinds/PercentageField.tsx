import { percentageKind, type PercentageQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** A percentage, typed with or without the % sign. */
export default singleBox<PercentageQuestion>(percentageKind, () => ({
  inputMode: 'decimal',
  className: 'input--5',
  spellCheck: false,
}));
