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
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/authentication-api', '/content-api', '/mdp-api', '/api', '/admin-api', '/health', '/ready', '/docs'].map((prefix) => [prefix, api]),
    ),
  },
});
