import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  // zod told not to probe for eval (the CSP forbids it) before any module uses it.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/zod-without-eval.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change far less often than the app: in a chunk of their own they
            // stay cached across releases (and the app's entry chunk stays small).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 1,
            },
            // The rest of what the first screen runs, in one chunk. Split by which lazy pages share each
            // module, it was 16 files of under 2 kB gzipped, each a request before the first paint.
            // Not following dependencies: they would pull the lazy pages' imports in too.
            {
              name: 'shell',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
            // A journey step's page and what only journey pages import with it, in one chunk: split by
            // which lazy pages share each module it was 12 files (6 of under 1 kB gzipped) fetched after
            // the page is known to be a step. The kinds' fields, the confirmation and what a page shows
            // stay chunks of their own, loaded with the step that needs them.
            {
              name: 'JourneyStepPage',
              test: /src[\\/]features[\\/]journeys[\\/](JourneyStepPage|StepForm|CheckAnswers|StartAgain|StartJourney|CancelApplication|RecordedDetails|VisitorSessionWarning|fast-forward|load-once|shown-parts|kinds[\\/]registry|kinds[\\/]answered)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // The journey API and its messages, shared by the step page and the pages that start or
            // follow a journey (the retirement quote picker, the DC choice, My requests), with the small
            // modules a step shares with other lazy pages (the answers' displays and their formats,
            // focus on a new step, Save and come back later, the address lookup's context): each of
            // those was a file of under 1 kB gzipped, a request of its own beside the step page's.
            {
              name: 'journey-api',
              test: /(src[\\/]features[\\/]journeys[\\/](journey-api|messages|wording)\.ts|src[\\/]components[\\/](useFocusOnStep\.ts|SaveAndComeBackLater\.tsx|address-search\.ts)|journey-kinds[\\/](displays|format)\.ts)$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      [
        '/authentication-api',
        '/content-api',
        '/mdp-api',
        '/api',
        '/admin-api',
        '/health',
        '/ready',
        '/docs',
      ].map((prefix) => [prefix, api]),
    ),
  },
});
