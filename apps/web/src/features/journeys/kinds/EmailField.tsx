import { emailKind, type EmailQuestion } from '@meridian/contracts';
import { singleBox } from './single-box';

/** An email address, with the browser's email keyboard and autofill. */
export default singleBox<EmailQuestion>(emailKind, () => ({
  type: 'email',
  autoComplete: 'email',
  spellCheck: false,
}));
