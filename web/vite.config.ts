import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

/**
 * MAPBOX_ACCESS_TOKEN at build: the maps render with mapbox-gl (src/modules/map/components/base-map.tsx). Only this variable
 * and MAPBOX_STYLE_URL reach the bundle (no MAPBOX_ prefix: Mapbox secret tokens live in such variables too), and
 * only a public token (pk.…): a secret one (sk.…) in the bundle would be readable by anyone.
 */
const mapboxToken = (process.env.MAPBOX_ACCESS_TOKEN ?? '').trim();
if (mapboxToken && !mapboxToken.startsWith('pk.'))
  throw new Error('MAPBOX_ACCESS_TOKEN: a public Mapbox token (pk.…) only; it is readable in the web bundle');
const mapboxStyle = (process.env.MAPBOX_STYLE_URL ?? '').trim();

/** Vite config: the gateway serves /graphql (HTTP + websocket), /api and /uploads on the same origin. */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), schemaWithoutSideEffects(), oneModulePerGraphqlDocument()],
  // Build constants (src/vite-env.d.ts): a literal in the code, so the unused map renderer is not even bundled.
  define: {
    __MAPBOX_ACCESS_TOKEN__: JSON.stringify(mapboxToken),
    __MAPBOX_STYLE_URL__: JSON.stringify(mapboxStyle),
  },
  resolve: {
    alias: [
      // The contract is consumed from source: no build step for schema/ before the web, and ESM for Vite.
      { find: '@flaneur/schema', replacement: fileURLToPath(new URL('../schema/src/index.ts', import.meta.url)) },
      // zod without its eval probe, which the CSP reports (src/lib/zod-jitless.ts); `zod/…` subpaths stay as they are.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target: gateway, changeOrigin: false, ws: true },
      '/api': { target: gateway, changeOrigin: false },
      '/uploads': { target: gateway, changeOrigin: false },
      // A panel's QR code address (/p/{ref}), answered by the gateway; not /property/….
      '^/p/': { target: gateway, changeOrigin: false },
    },
  },
  // The server bundle (npm run build: vite build --ssr src/entry-server.tsx) is one CommonJS file the gateway
  // requires: every dependency inside it, one React for the render.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        sourcemap: false,
        rolldownOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Maps are written for debugging but not referenced from the bundles; the gateway never serves them in production.
        sourcemap: 'hidden',
        // dist/.vite/manifest.json: read by scripts/check-bundle-budget.mjs (route → chunks).
        manifest: true,
        rolldownOptions: {
          output: {
            // Libraries change less often than the app: separate chunks stay cached across deploys.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                },
                {
                  name: 'apollo',
                  // The websocket client and link load with the first subscription (src/apollo/links.ts): not grouped.
                  test: /node_modules[\\/](@apollo[\\/](?!client[\\/]link[\\/]subscriptions)|graphql[\\/]|rxjs|optimism|@wry|tslib)/,
                },
                { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                // zod loads apart from the forms (src/lib/lazy-resolver.ts): a form renders without it.
                { name: 'validation', test: /node_modules[\\/]zod[\\/]/ },
              ],
            },
          },
        },
      },
}));

/**
 * The schema package's modules only declare constants and zod validators: a module none of whose exports
 * is used can go, so importing LIMITS from the barrel no longer brings every validator (and zod) along.
 */
function schemaWithoutSideEffects(): Plugin {
  const schemaSrc = fileURLToPath(new URL('../schema/src/', import.meta.url));
  return {
    name: 'flaneur:schema-without-side-effects',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(schemaSrc)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * Codegen writes every document into src/gql/graphql.ts; as one module, all of them landed in the entry
 * chunk. At build, each document becomes its own module so that it ships with the chunks that use it.
 * The file's other exports are types only (enumsAsTypes).
 */
function oneModulePerGraphqlDocument(): Plugin {
  const generated = fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url));
  const PREFIX = '\0flaneur-gql-document:';
  const DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;
  const documents = new Map<string, string>();
  return {
    name: 'flaneur:one-module-per-graphql-document',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    load(id) {
      if (id.startsWith(PREFIX)) {
        const name = id.slice(PREFIX.length);
        return `export const ${name} = ${documents.get(name)};\n`;
      }
      if (id !== generated) return null;
      const reexports: string[] = [];
      for (const line of fs.readFileSync(id, 'utf8').split('\n')) {
        if (!line.startsWith('export const ')) continue;
        const match = DOCUMENT.exec(line);
        if (!match)
          throw new Error(`${id}: unexpected runtime export, update oneModulePerGraphqlDocument: ${line.slice(0, 80)}`);
        documents.set(match[1], match[2]);
        reexports.push(`export { ${match[1]} } from '${PREFIX}${match[1]}';`);
      }
      return reexports.join('\n') + '\n';
    },
  };
}
