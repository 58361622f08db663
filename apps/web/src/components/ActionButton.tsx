import { useRef, useState, type ButtonHTMLAttributes } from 'react';

type ActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  /** Runs on a click; further clicks do nothing until it has ended. */
  action: () => Promise<unknown>;
};

/** A button that runs its action once at a time, so a double click sends one request, not two. */
export function ActionButton({ action, disabled, children, ...rest }: ActionButtonProps) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  async function run() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }
  return (
    <button type="button" {...rest} disabled={disabled || busy} onClick={() => void run()}>
      {children}
    </button>
  );
}
