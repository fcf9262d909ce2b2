/**
 * The floor of the assistant benchmark: a bare Vite React 19 page — the shape of Vite's own React
 * template (StrictMode, createRoot, one counter button, a small stylesheet) — built with the
 * project's Vite and React into a temporary folder, precompressed as the portal's build is. Run as its own process
 * (`node bench/lib/bare-react-page.ts <dir>`), so the build's NODE_ENV stays out of the bench.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './processes.ts';

/** What the bench waits for: the page's button, usable. */
export const BARE_PAGE_BUTTON = /^Zähler steht auf \d+$/;

const SOURCES: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vite + React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
  'src/app.tsx': `import { useState } from 'react';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Vite + React</h1>
      <button type="button" onClick={() => setCount((current) => current + 1)}>
        Zähler steht auf {count}
      </button>
    </main>
  );
}
`,
  'src/index.css': `:root {
  font-family: system-ui, Avenir, Helvetica, Arial, sans-serif;
  line-height: 1.5;
  color: #213547;
  background-color: #ffffff;
}
body {
  margin: 0;
  display: flex;
  place-items: center;
  min-height: 100vh;
}
button {
  border-radius: 8px;
  border: 1px solid transparent;
  padding: 0.6em 1.2em;
  font-size: 1em;
  background-color: #f9f9f9;
  cursor: pointer;
}
button:focus-visible {
  outline: 4px auto -webkit-focus-ring-color;
}
`,
};

/**
 * Writes the page's sources into `dir` and builds it into `dir/dist` in a child process; returns
 * the folder to serve (the portal serves it with `WEB_DIST_DIR`). The page is there as
 * `assistant.html` too, so that the portal sends it at the assistant's address with the
 * assistant's headers. The sources find the project's packages through a link to its node_modules.
 */
export async function buildBareReactPage(dir: string): Promise<string> {
  for (const [file, source] of Object.entries(SOURCES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const child = fork(import.meta.filename, [dir], {
    env: { ...process.env, NODE_ENV: 'production' },
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`building the bare React page failed (exit code ${code})`);
  const dist = path.join(dir, 'dist');
  for (const encoding of ['', '.br', '.gz']) {
    const page = path.join(dist, `index.html${encoding}`);
    if (fs.existsSync(page)) fs.copyFileSync(page, path.join(dist, `assistant.html${encoding}`));
  }
  return dist;
}

if (import.meta.filename === process.argv[1]) {
  const dir = process.argv[2]!;
  const [{ build }, { default: react }, { precompress }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
    import('../../apps/web/build/precompress.ts'),
  ]);
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // Compressed like the portal's build: the portal's server sends it as it sends its own.
    plugins: [react(), precompress()],
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
  });
}
