/** The hub's public pieces: the reads it makes first, which other pages may find answered. */
export { PAYMENTS_READ } from './hub-reads';
