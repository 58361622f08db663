/**
 * The contracts' question kinds (each kind's `read` and `display`, with zod and the phone number
 * rules they use), loaded with a step's field or check your answers, never with the step page itself.
 */
export { kindOf } from '@meridian/contracts';
