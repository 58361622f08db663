import { useEffect, useRef } from 'react';

/**
 * A form whose steps share one address moves focus to the main content when its step changes, as an
 * in-app navigation does (Layout), so keyboard and screen-reader users start on the new step.
 */
export function useFocusOnStep(step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (step === shown.current) return;
    shown.current = step;
    window.scrollTo(0, 0);
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [step]);
}
