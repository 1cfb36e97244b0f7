import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

/** Vite config: the gateway serves /graphql (HTTP + websocket), /api and /uploads on the same origin. */
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract is consumed from source: no build step for schema/ before the web, and ESM for Vite.
    alias: {
      '@flaneur/schema': fileURLToPath(new URL('../schema/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: gateway, changeOrigin: false, ws: true },
      '/api': { target: gateway, changeOrigin: false },
      '/uploads': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|graphql-ws|rxjs|optimism|@wry|tslib)[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
});
