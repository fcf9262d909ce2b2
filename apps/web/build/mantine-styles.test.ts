import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import webPackage from '../package.json' with { type: 'json' };
import { mantineStylesPerComponent } from './mantine-styles.ts';

const require = createRequire(import.meta.url);
const plugin = mantineStylesPerComponent();
const transform = plugin.transform as (code: string, id: string) => { code: string } | null;

/** The folder a package is installed in (its `exports` name no `package.json`). */
function packageFolder(name: string): string {
  let folder = path.dirname(require.resolve(name));
  while (path.basename(folder) !== name.split('/').at(-1)) folder = path.dirname(folder);
  return folder;
}

/** The Mantine packages the web app depends on and the folder each is installed in. */
const mantinePackages = Object.keys(webPackage.dependencies)
  .filter((name) => name.startsWith('@mantine/'))
  .map((name) => ({ name, folder: packageFolder(name) }));

/** Every compiled class-name module of a package (`X.module.mjs`): a component or a helper that has styles. */
const classNameModules = (folder: string): string[] =>
  fs.existsSync(path.join(folder, 'esm'))
    ? fs
        .readdirSync(path.join(folder, 'esm'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.module.mjs'))
        .map((file) => path.join(folder, 'esm', file))
    : [];

/** The web app's own imports of a whole Mantine stylesheet (the charts', unlayered; decision 047). */
const sourceFiles = fs.readdirSync(path.resolve(import.meta.dirname, '../src'), {
  recursive: true,
  encoding: 'utf8',
});
const appSources = sourceFiles
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => fs.readFileSync(path.resolve(import.meta.dirname, '../src', file), 'utf8'))
  .join('\n');

describe('Mantine’s styles per component (decision 047)', () => {
  test('every class-name module of the Mantine packages the app uses brings a stylesheet that exists', () => {
    const unstyled: string[] = [];
    let checked = 0;
    for (const { name, folder } of mantinePackages) {
      // A package whose whole stylesheet the app imports itself needs nothing per component.
      if (appSources.includes(`'${name}/styles.css'`)) continue;
      for (const file of classNameModules(folder)) {
        checked += 1;
        const result = transform.call({}, '', file);
        const imported = result && /import "([^"]+\.css)";/.exec(result.code)?.[1];
        if (!imported || !fs.existsSync(require.resolve(imported)))
          unstyled.push(path.relative(folder, file));
      }
    }
    // Core alone has about a hundred, among them the checkbox's, radio's and switch's label
    // beside the input (esm/utils/InlineInput), which no component's stylesheet holds.
    expect(checked).toBeGreaterThan(100);
    expect(unstyled).toEqual([]);
  });
});
