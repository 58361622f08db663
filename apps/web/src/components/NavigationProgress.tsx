import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { runtimeConfig } from '../lib/config';

/**
 * A thin bar across the top of the page while the router loads the next page. It only appears when
 * the navigation takes longer than the delay, so quick navigations do not flash.
 */
export function NavigationProgress({ delayMs = runtimeConfig.loaderDelayMs }: { delayMs?: number }) {
  const navigating = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!navigating) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => {
      clearTimeout(timer);
      setVisible(false);
    };
  }, [navigating, delayMs]);
  if (!navigating || !visible) return null;
  return <div className="loading-bar" role="progressbar" aria-label="Loading the next page" />;
}
