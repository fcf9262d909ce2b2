import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { BUILD_MODE_FILE } from '../../scripts/web-build.ts';

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

/** `npm run dev -w apps/web` serves the app with hot reload and forwards /api to `npm start` on :3000. */
export default defineConfig(({ command }) => {
  // A build is always a production build, also with NODE_ENV=development in the environment (a
  // documented server setting): Vite would otherwise bundle React's development build.
  if (command === 'build') process.env['NODE_ENV'] = 'production';
  return {
    plugins: [react(), recordBuildMode()],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    server: { proxy: { '/api': 'http://localhost:3000' } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: their own chunks stay cached across releases.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
              { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
              // The table library stays with the lazily loaded back-office pages that use it.
              {
                name: 'libraries',
                test: (id: string) => /node_modules[\\/]/.test(id) && !id.includes('mantine-datatable'),
              },
            ],
          },
        },
      },
    },
  };
});
