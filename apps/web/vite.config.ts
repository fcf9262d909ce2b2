import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev -w apps/web` serves the app with hot reload and forwards /api to `npm start` on :3000. */
export default defineConfig({
  plugins: [react()],
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
              test: (id) => /node_modules[\\/]/.test(id) && !id.includes('mantine-datatable'),
            },
          ],
        },
      },
    },
  },
});
