/**
 * The plugin as WordPress installs it (Plugins → Installieren → Plugin hochladen): every file of
 * `integrations/woocommerce/lizenzportal/` under the folder `lizenzportal/` of a zip.
 *
 *   npm run plugin:zip [-- <out.zip>]     (default: dist/lizenzportal.zip)
 */
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';

const PLUGIN = path.join(import.meta.dirname, '..', 'lizenzportal');

/** The plugin's files, relative to its folder, in a stable order. */
export function pluginFiles(): string[] {
  return (fs.readdirSync(PLUGIN, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(PLUGIN, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes the zip to `out`; answers the files it holds. */
export async function buildPluginZip(out: string): Promise<string[]> {
  const files = pluginFiles();
  const zip = new yazl.ZipFile();
  // One fixed time: the same plugin is the same zip.
  const mtime = new Date('2026-01-01T00:00:00Z');
  for (const file of files) {
    zip.addFile(path.join(PLUGIN, file), `lizenzportal/${file.split(path.sep).join('/')}`, { mtime });
  }
  zip.end();
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(out)).on('close', resolve).on('error', reject);
  });
  return files;
}

if (import.meta.main) {
  const out = path.resolve(process.argv[2] ?? 'dist/lizenzportal.zip');
  const files = await buildPluginZip(out);
  console.log(`${out}: ${files.length} files (${fs.statSync(out).size} bytes)`);
}
