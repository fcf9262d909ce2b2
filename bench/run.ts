/**
 * `npm run bench`: runs every benchmark in bench/ one after another. Each prints its figures beside
 * a floor measured in the same run (machines are noisy; absolute times do not compare).
 */
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.startsWith(only)))
  .sort();
for (const file of files) {
  const benchmark = (await import(path.join(import.meta.dirname, file))) as { run(): Promise<void> };
  await benchmark.run();
}
