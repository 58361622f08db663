import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: Object.fromEntries(
      ['/authentication-api', '/content-api', '/mdp-api', '/api', '/health', '/ready', '/docs'].map((prefix) => [prefix, api]),
    ),
  },
});
