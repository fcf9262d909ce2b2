import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ASSISTANT_PATH } from '../../packages/domain/src/pages.ts';
import { BUILD_MODE_FILE } from '../../scripts/web-build.ts';
import { mantineStylesPerComponent } from './build/mantine-styles.ts';
import { metaDescription } from './build/meta-description.ts';
import { precompress } from './build/precompress.ts';

/** The portal's pages and, on its own, the license assistant for the shop's iframe (decision 022). */
const ENTRIES = {
  index: path.resolve(import.meta.dirname, 'index.html'),
  assistant: path.resolve(import.meta.dirname, 'assistant.html'),
};

/**
 * Which entry page a build makes: `npm run build` builds the portal, then the assistant into the
 * same folder (`WEB_BUILD_ENTRY=assistant`). Each build puts what its page loads first into one
 * file (the `$initial` group below): with both pages in one build, Rolldown gave every module
 * that a first screen shares with a lazy page or with the other page a file of its own — 22
 * files for the login, 18 for the assistant, and over HTTP/1.1 every six files cost a round trip
 * (decision 051). The price: React and Mantine once in each page's files.
 */
const BUILD_ENTRY: keyof typeof ENTRIES =
  process.env['WEB_BUILD_ENTRY'] === 'assistant' ? 'assistant' : 'index';

/**
 * Writes whether the build is a production build beside it: `npm start` rebuilds anything else
 * instead of serving it (scripts/web-build.ts).
 */
function recordBuildMode(): Plugin {
  let mode = 'development';
  return {
    name: 'record-build-mode',
    apply: 'build',
    configResolved: (config) => {
      mode = config.isProduction ? 'production' : 'development';
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_MODE_FILE, source: `${mode}\n` });
    },
  };
}

/** The dev server answers the assistant's address with its own entry, as the portal's server does. */
function serveAssistantEntry(): Plugin {
  return {
    name: 'serve-assistant-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathName, query] = (request.url ?? '').split('?');
        if (pathName === ASSISTANT_PATH)
          request.url = `/assistant.html${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

/** `npm run dev -w apps/web` serves the app with hot reload and forwards /api to `npm start` on :3000. */
export default defineConfig(({ command }) => {
  // A build is always a production build, also with NODE_ENV=development in the environment (a
  // documented server setting): Vite would otherwise bundle React's development build.
  if (command === 'build') process.env['NODE_ENV'] = 'production';
  return {
    plugins: [
      react(),
      mantineStylesPerComponent(),
      recordBuildMode(),
      serveAssistantEntry(),
      metaDescription(),
      precompress(),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        // Zod without `new Function`, which the CSP refuses and reports (src/lib/zod/no-eval.ts).
        { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod/index.ts') },
      ],
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
    build: {
      outDir: 'dist',
      // The assistant's build comes second and adds its files to the portal's.
      emptyOutDir: BUILD_ENTRY === 'index',
      sourcemap: true,
      // A lazy page's or part's files are found through their imports, not announced by a
      // `modulepreload` link each: appending a license page's 70 links took one task 50 ms
      // (200 ms on a phone's CPU) of the list's blocking time (decision 079). Style sheets still
      // load with their chunks.
      modulePreload: false,
      // No library groups: a chunk of all of Mantine would hold every component any page uses.
      // Rolldown splits the lazy pages by use; what the entry needs first is one file.
      rolldownOptions: {
        input: { [BUILD_ENTRY]: ENTRIES[BUILD_ENTRY] },
        output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
      },
    },
  };
});
