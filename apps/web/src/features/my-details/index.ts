/** My details' public pieces: the hub's alerts and a bank change waiting, which My requests lists. */
export { MemberAlerts } from './MemberAlerts';
export { PendingBankChangeRequest } from './PendingBankChangeRequest';
