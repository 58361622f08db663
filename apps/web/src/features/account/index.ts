// The account's pages (forgotten password and username, Sign-in and security, two-step verification), loaded when first opened.
export { ChangePasswordPage } from './ChangePasswordPage';
export { ForgotPasswordPage, ResetPasswordPage } from './ForgotPasswordPages';
export { ForgotUsernamePage } from './ForgotUsernamePage';
export { SignInSecurityPage } from './SignInSecurityPage';
export { RecoveryCodesPage, TwoStepOffPage, TwoStepSetupPage } from './TwoStepPages';
export { AddPasskeyPage, RemovePasskeyPage, RenamePasskeyPage } from './PasskeyPages';
