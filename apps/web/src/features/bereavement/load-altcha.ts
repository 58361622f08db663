import ShaWorker from 'altcha/workers/sha?worker';
import 'altcha/altcha.css';

/**
 * The ALTCHA widget without its inline workers and styles: the site's Content-Security-Policy allows
 * scripts and styles from this site only, so the SHA-256 worker is a file of ours (bundled by Vite)
 * and the styles a stylesheet. Imported only by the captcha, on the report's start page.
 */
export async function loadAltcha() {
  await import('altcha/external');
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
}
