import type { FormEvent } from 'react';

const SAVE_AND_LEAVE = 'save-and-leave';

/**
 * A question page's second submit button: the page's answer is checked and saved as for Continue,
 * then the member leaves the journey.
 */
export function SaveAndComeBackLater({ disabled }: { disabled: boolean }) {
  return (
    <button type="submit" id={SAVE_AND_LEAVE} className="link-button" disabled={disabled}>
      Save and come back later
    </button>
  );
}

/** Whether a form was sent by its "Save and come back later" button rather than by Continue. */
export const sentToLeave = (event: FormEvent<HTMLFormElement>) =>
  (event.nativeEvent as SubmitEvent).submitter?.id === SAVE_AND_LEAVE;
