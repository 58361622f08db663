/** Single auth's public pieces; the OpenID client itself loads only when a sign-in needs it. */
export { completeSingleAuth } from './post-authentication';
export { useSingleAuth } from './useSingleAuth';
export { SINGLE_AUTH_START_PATH, SingleAuthSignInLink } from './SingleAuthSignInLink';
export { prepareSingleAuthSignOut, signedInThroughSingleAuth } from './lazy-client';
