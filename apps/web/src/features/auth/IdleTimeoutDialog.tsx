import { useAuth } from '../../lib/auth';
import { describeWait, TimeoutDialog } from '../../components/TimeoutDialog';

/** Warns before the idle timeout signs the member out, with a way to stay signed in. */
export function IdleTimeoutDialog() {
  const { timeoutWarning, staySignedIn, signOut } = useAuth();
  return (
    <TimeoutDialog
      id="timeout"
      open={timeoutWarning !== null}
      title="You are about to be signed out"
      description={`For your security, we will sign you out in ${describeWait(timeoutWarning?.secondsLeft ?? 0)} if you do nothing.`}
      onKeepGoing={() => void staySignedIn()}
    >
      <div className="button-group">
        <button type="button" className="button" onClick={() => void staySignedIn()}>
          Stay signed in
        </button>
        <button type="button" className="link-button" onClick={() => void signOut()}>
          Sign out now
        </button>
      </div>
    </TimeoutDialog>
  );
}
