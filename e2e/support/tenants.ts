const port = Number(process.env.E2E_PORT ?? 4173);

/** The second demo tenant on whatever port the test server uses. */
export const bluewaterUrl = (path: string) => `http://bluewater.localhost:${port}${path}`;

/** The portal started with an 18-second idle timeout (see playwright.config.ts). */
export const shortIdleUrl = (path: string) => `http://localhost:${port + 1}${path}`;
