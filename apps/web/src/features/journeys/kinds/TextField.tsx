import type { TextQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** A short answer in the member's own words. */
export default singleBox<TextQuestion>((question) => ({ maxLength: question.maxLength }));
