import type { CaptchaProvider, ProviderCaptcha } from '@meridian/contracts';

/** What reCAPTCHA's `grecaptcha` and Turnstile's `turnstile` have in common, as the start page uses it. */
export interface ProviderApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string | number;
  /** Turnstile's; reCAPTCHA's widget goes with its element. */
  remove?(widgetId: string | number): void;
}

/** The global the provider's script calls once its API is ready (its `onload` parameter). */
const LOADED_CALLBACK = 'meridianCaptchaLoaded';
const API_GLOBALS: Record<CaptchaProvider, 'grecaptcha' | 'turnstile'> = {
  recaptcha: 'grecaptcha',
  turnstile: 'turnstile',
};
/** How long the script may take before the page offers the phone instead. */
export const SCRIPT_TIMEOUT_MS = 15_000;

declare global {
  interface Window {
    meridianCaptchaLoaded?: () => void;
    grecaptcha?: ProviderApi;
    turnstile?: ProviderApi;
  }
}

/** The provider's script as the page loads it: widgets drawn by the page, and a call when ready. */
export function widgetScriptUrl(scriptUrl: string): string {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('render', 'explicit');
  url.searchParams.set('onload', LOADED_CALLBACK);
  return url.href;
}

const loads = new Map<string, Promise<ProviderApi>>();

/**
 * Loads the provider's widget script once (a new widget after a refused start reuses it) and gives
 * its API; refused when the script fails to load, or is not ready within SCRIPT_TIMEOUT_MS.
 */
export function loadProvider({ provider, scriptUrl }: ProviderCaptcha): Promise<ProviderApi> {
  const src = widgetScriptUrl(scriptUrl);
  const loading = loads.get(src);
  if (loading) return loading;
  const load = new Promise<ProviderApi>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      loads.delete(src);
      script.remove();
      reject(new Error(`The ${provider} widget did not load`));
    };
    const timer = setTimeout(fail, SCRIPT_TIMEOUT_MS);
    window[LOADED_CALLBACK] = () => {
      const api = window[API_GLOBALS[provider]];
      if (!api) return fail();
      clearTimeout(timer);
      resolve(api);
    };
    script.src = src;
    script.async = true;
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
