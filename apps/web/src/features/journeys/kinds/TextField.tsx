import { textKind, type TextQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** A short answer in the member's own words. */
export default singleBox<TextQuestion>(textKind, (question) => ({ maxLength: question.maxLength }));
