export { bereavementAudience } from './audience';
