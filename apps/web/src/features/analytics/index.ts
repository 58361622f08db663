/** Analytics' public pieces: the visitor's cookie choice. */
export { chooseConsent, CONSENT_COOKIE, readConsent, useConsent, type Consent } from './consent';
