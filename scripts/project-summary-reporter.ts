import fs from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes the number of passed tests per Vitest project to a JSON file, so CI can check that every
 * project (including the PostgreSQL and browser ones) really ran.
 */
export default class ProjectSummaryReporter implements Reporter {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const passed: Record<string, number> = {};
    for (const testModule of testModules) {
      const name = testModule.project.name;
      passed[name] = (passed[name] ?? 0) + [...testModule.children.allTests('passed')].length;
    }
    fs.writeFileSync(this.#file, JSON.stringify(passed, null, 2));
  }
}
