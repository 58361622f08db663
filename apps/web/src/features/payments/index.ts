/** Payments' public pieces: the member's pension payments, which the hub shows too. */
export { usePensionPayments } from './pension-payments';
