// Breaks the layout on purpose (import-rules.test.ts): the journey engine importing a feature no list
// names (payments): only the features every journey uses are allowed, so any other is refused too.
import * as payments from '../../payments';

export const known = payments;
