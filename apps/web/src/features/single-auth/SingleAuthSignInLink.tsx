import { Link } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { useSingleAuthAvailability } from './useSingleAuth';
import './single-auth.css';

export const SINGLE_AUTH_START_PATH = webAppPaths.singleAuthStart;

/**
 * The way into single auth on the sign-in page, shown once the issuer has answered. While it is asked,
 * the same block holds its place unseen, so the form below does not move when the link appears.
 */
export function SingleAuthSignInLink() {
  const availability = useSingleAuthAvailability();
  if (availability === 'none') return null;
  return (
    <div className={`single-auth${availability === 'checking' ? ' single-auth--checking' : ''}`}>
      <Link to={SINGLE_AUTH_START_PATH} className="button single-auth__start">
        Sign in with your Meridian account
      </Link>
      <p>Or sign in with your username and password below.</p>
    </div>
  );
}
