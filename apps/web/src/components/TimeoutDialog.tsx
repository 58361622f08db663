import { useEffect, useRef, type ReactNode } from 'react';

/** Time left as a timeout warning says it: "4 minutes", "30 seconds". */
export function describeWait(seconds: number) {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/**
 * A timeout warning (a member's idle sign-out, a visitor's journey running out): a modal dialog shown
 * while `open`, its title and description read out with it, and Escape keeping the session going.
 */
export function TimeoutDialog({
  id,
  open,
  title,
  description,
  onKeepGoing,
  children,
}: {
  id: string;
  open: boolean;
  title: string;
  description: string;
  onKeepGoing: () => void;
  /** What the member can do (the buttons), and anything said above them. */
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal?.();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="timeout-dialog"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(event) => {
        event.preventDefault();
        onKeepGoing();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-description`}>{description}</p>
      {children}
    </dialog>
  );
}
