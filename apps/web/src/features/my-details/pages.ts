// The My details pages, loaded together when a member first opens one of them (see app/router.tsx).
export { BankDetailsPage, CancelBankChangePage } from './BankDetailsPage';
export { ChangeEmailPage, ChangeMobilePage } from './ContactChangePages';
export { ContactIntent } from './ContactIntent';
export { ChangeAddressPage, ContactPreferencesPage } from './SettingsPages';
export { YourDetails } from './YourDetails';
