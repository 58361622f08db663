import { Link } from 'react-router';
import { webAppPaths } from '@meridian/contracts';
import { useSingleAuthAvailable } from './useSingleAuth';
import './single-auth.css';

export const SINGLE_AUTH_START_PATH = webAppPaths.singleAuthStart;

/** The way into single auth on the sign-in page, shown once the issuer has answered. */
export function SingleAuthSignInLink() {
  if (!useSingleAuthAvailable()) return null;
  return (
    <div className="single-auth">
      <Link to={SINGLE_AUTH_START_PATH} className="button single-auth__start">
        Sign in with your Meridian account
      </Link>
      <p>Or sign in with your username and password below.</p>
    </div>
  );
}
