const port = Number(process.env.E2E_PORT ?? 4173);

/** The second demo tenant on whatever port the test server uses. */
export const bluewaterUrl = (path: string) => `http://bluewater.localhost:${port}${path}`;

/** The portal started with an 18-second idle timeout and quick job retries (see playwright.config.ts). */
export const shortIdleUrl = (path: string) => `http://localhost:${port + 1}${path}`;

/** The portal started with Matomo and Mixpanel pointed at the local analytics receiver. */
export const analyticsUrl = (path: string) => `http://localhost:${port + 2}${path}`;

/** The local analytics receiver (see support/analytics-receiver.mjs). */
export const analyticsReceiverUrl = (path: string) => `http://localhost:${port + 3}${path}`;
