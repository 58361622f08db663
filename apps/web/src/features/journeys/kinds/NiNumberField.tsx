import { niNumberKind, type NiNumberQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** A National Insurance number, typed with or without spaces. */
export default singleBox<NiNumberQuestion>(niNumberKind, () => ({
  className: 'input--8',
  spellCheck: false,
}));
