import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { runtimeConfig } from '../lib/config';

const PageLoadingContext = createContext<(loading: boolean) => void>(() => undefined);

/** A thin progress bar shown only when loading takes longer than the loader delay (default 200 ms). */
export function PageLoadingProvider({ children, delayMs = runtimeConfig.loaderDelayMs }: { children: ReactNode; delayMs?: number }) {
  const [loading, setLoading] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return (
    <PageLoadingContext.Provider value={useCallback((value: boolean) => setLoading(value), [])}>
      {visible && <div className="loading-bar" role="progressbar" aria-label="Loading page" />}
      {children}
    </PageLoadingContext.Provider>
  );
}

export const useReportPageLoading = () => useContext(PageLoadingContext);
