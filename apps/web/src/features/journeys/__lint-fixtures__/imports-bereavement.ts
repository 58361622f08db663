// Breaks the layout on purpose (import-rules.test.ts): the journey engine importing a journey's feature.
import { bereavementAudience } from '../../bereavement';

export const known = bereavementAudience;
