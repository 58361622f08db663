import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;
const shortIdlePort = port + 1;
const analyticsPort = port + 2;
const receiverPort = port + 3;
// Each port gets its own database folder, so runs on different ports can share a checkout.

function server(serverPort: number, dataDir: string, env: Record<string, string>) {
  return {
    command: 'node e2e/support/start-server.mjs',
    url: `http://localhost:${serverPort}/ready`,
    // Only catches a portal that never starts: on a loaded machine a start has taken over 90 s.
    timeout: 150_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(serverPort), LOG_LEVEL: 'warn', E2E_DATA_DIR: dataDir, ...env },
  };
}

/**
 * Specs that start a portal of their own and use none of the shared ones. CI runs them in a second
 * Playwright beside the rest (`E2E_PART=own-portals`, with no shared portals started, and
 * `E2E_PART=shared` for the others): much of their time is waiting on their portal's start.
 */
const ownPortalSpecs = [
  '**/transfer-application.spec.ts',
  '**/two-step.spec.ts',
  '**/operations-console.spec.ts',
  '**/case-deadlines.spec.ts',
  '**/audit-log.spec.ts',
  '**/staff-admin.spec.ts',
  '**/outbox-console.spec.ts',
  '**/staff-sso.spec.ts',
  '**/bereavement-captcha-provider.spec.ts',
];
const part = process.env.E2E_PART;
const ownPortalsOnly = part === 'own-portals';

export default defineConfig({
  testDir: './e2e',
  // Prepares the seeded folder the own portals copy, once per run (e2e/support/global-setup.ts).
  globalSetup: './e2e/support/global-setup.ts',
  ...(ownPortalsOnly && { testMatch: ownPortalSpecs }),
  ...(part === 'shared' && { testIgnore: ownPortalSpecs }),
  // Each Playwright clears its output folder as it starts: two side by side need one each.
  outputDir: ownPortalsOnly ? './test-results-own-portals' : './test-results',
  fullyParallel: false,
  workers: 1,
  // CI sets E2E_RETRIES=1: on two shared cores a test can lose a race it never loses alone. A retried
  // pass is reported as flaky at the end of CI's output (.ci/run), to be fixed, not forgotten.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  timeout: 60_000,
  // CI shares two cores between the servers, Chromium and argon2 hashing at sign-in: a page can take
  // more than the default 5 s to appear. A timeout only catches what never appears; speed is benched.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: ownPortalsOnly
    ? []
    : [
        server(port, `data/e2e-${port}`, { IDLE_TIMEOUT_MINUTES: '30' }),
        // A second portal whose idle timeout is 18 seconds (warning 6 seconds before), for the session-timeout journey,
        // whose reports of a death time out after 15 seconds (warning 5 seconds before), 30 once the email is proven,
        // and whose job queue tries a failed job again within half a second, so a webhook gives up within seconds.
        server(shortIdlePort, `data/e2e-${shortIdlePort}`, {
          IDLE_TIMEOUT_MINUTES: '0.3',
          BEREAVEMENT_JOURNEY_MINUTES: '0.25',
          BEREAVEMENT_PROVEN_MINUTES: '0.5',
          JOB_POLL_MS: '500',
          JOB_RETRY_BASE_MS: '200',
          JOB_RETRY_MAX_MS: '400',
        }),
        // The analytics receiver (Matomo tracker script and hits, Mixpanel calls) and a portal that reports to it.
        {
          command: 'node e2e/support/analytics-receiver.mjs',
          url: `http://localhost:${receiverPort}/health`,
          reuseExistingServer: false,
          stdout: 'ignore' as const,
          env: { RECEIVER_PORT: String(receiverPort) },
        },
        server(analyticsPort, `data/e2e-${analyticsPort}`, {
          MATOMO_URL: `http://localhost:${receiverPort}/`,
          MATOMO_SITE_ID: '1',
          MIXPANEL_TOKEN: 'e2e-token',
          MIXPANEL_API_HOST: `http://localhost:${receiverPort}/mixpanel`,
          ANALYTICS_EXCLUDED_PATHS: '/accessibility',
        }),
      ],
});
