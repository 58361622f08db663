import type { PendingChange } from '@meridian/contracts';
import { CodeStep } from '../../components/CodeStep';
import { stepUpApi } from './step-up-api';

interface ConfirmItsYouProps {
  pending: PendingChange;
  /** Why the code is asked for here, in the member's words: "Sending a transfer moves your pension away". */
  reason: string;
  onConfirmed: () => Promise<void>;
  headingLevel?: 'h1' | 'h2';
  /** What waits on it, after "before": "we send it" (the default), "we change them". */
  before?: string;
}

/** The step-up question: the code we sent, confirmed for this session, then the action carries on. */
export function ConfirmItsYou({
  pending,
  reason,
  onConfirmed,
  headingLevel = 'h2',
  before = 'we send it',
}: ConfirmItsYouProps) {
  return (
    <CodeStep
      pending={pending}
      heading="Confirm it is you"
      headingLevel={headingLevel}
      reason={`${reason}, so we check it is you before ${before}. You will not be asked again for 15 minutes.`}
      onResend={() => stepUpApi.resendCode(pending.nonce)}
      onConfirm={async (code) => {
        await stepUpApi.confirm(pending.nonce, code);
        await onConfirmed();
      }}
    />
  );
}
