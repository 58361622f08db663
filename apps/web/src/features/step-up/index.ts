export { ConfirmItsYou } from './ConfirmItsYou';
export { stepUpApi } from './step-up-api';
