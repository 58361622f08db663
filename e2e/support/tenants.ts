/** The second demo tenant on whatever port the test server uses. */
export const bluewaterUrl = (path: string) => `http://bluewater.localhost:${process.env.E2E_PORT ?? 4173}${path}`;
