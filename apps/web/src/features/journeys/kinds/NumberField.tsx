import { numberKind, type NumberQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** A number in digits; the numeric keypad unless decimals or a minus may be typed. */
export default singleBox<NumberQuestion>(numberKind, (question) => ({
  inputMode: question.decimals || (question.min ?? 0) < 0 ? 'decimal' : 'numeric',
  className: 'input--8',
  spellCheck: false,
}));
