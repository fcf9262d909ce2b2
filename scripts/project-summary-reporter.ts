import fs from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export interface ProjectSummaryOptions {
  /** Where to write the passed tests per project as JSON (CI checks that every project ran). */
  file?: string | undefined;
  /**
   * Projects left out of this configuration (e.g. without a PostgreSQL server): said at the end of
   * every run that ran the project they mirror (`insteadOf`), with the reason.
   */
  skippedProjects?: Record<string, { insteadOf: string; reason: string }>;
  /** How many of the slowest test files to list. */
  slowest?: number;
}

interface FileTime {
  project: string;
  file: string;
  /** Starting the file: worker, environment, setup files and imports (collection). */
  startSeconds: number;
  /** Its tests and hooks. */
  testSeconds: number;
}

const seconds = (milliseconds: number) => milliseconds / 1000;
const format = (value: number) => value.toFixed(1).padStart(7);

/**
 * After every run, prints where the time went: per project, and the slowest test files with what
 * starting them cost (imports, setup) apart from their tests; names every test that passed only on
 * a retry (the browser project retries once); says which guarding projects did not run. Optionally writes the number of passed tests per project to a JSON file, so CI can
 * check that every project (the PostgreSQL and browser ones too) really ran.
 */
export default class ProjectSummaryReporter implements Reporter {
  readonly #options: ProjectSummaryOptions;
  #vitest: Vitest | undefined;
  #startedAt = Date.now();

  constructor(options: ProjectSummaryOptions = {}) {
    this.#options = options;
  }

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
    this.#startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.#options.file) {
      const passed: Record<string, number> = {};
      for (const testModule of testModules) {
        const name = testModule.project.name;
        passed[name] = (passed[name] ?? 0) + [...testModule.children.allTests('passed')].length;
      }
      fs.writeFileSync(this.#options.file, JSON.stringify(passed, null, 2));
    }
    const times = testModules.map(fileTime);
    const log = (line = '') => (this.#vitest ? this.#vitest.logger.log(line) : console.log(line));
    log();
    log(
      `Time per project (wall clock of the whole run: ${seconds(Date.now() - this.#startedAt).toFixed(0)} s)`,
    );
    log(
      `  ${'project'.padEnd(10)}  files  ${'start s'.padStart(7)}  ${'tests s'.padStart(7)}  ${'sum s'.padStart(7)}`,
    );
    const projects = [...new Set(times.map((time) => time.project))].sort();
    for (const project of projects) {
      const own = times.filter((time) => time.project === project);
      const start = own.reduce((sum, time) => sum + time.startSeconds, 0);
      const tests = own.reduce((sum, time) => sum + time.testSeconds, 0);
      log(
        `  ${project.padEnd(10)}  ${String(own.length).padStart(5)}  ${format(start)}  ${format(tests)}  ${format(start + tests)}`,
      );
    }
    const slowest = [...times]
      .sort((a, b) => b.startSeconds + b.testSeconds - (a.startSeconds + a.testSeconds))
      .slice(0, this.#options.slowest ?? 15);
    log();
    log(`Slowest test files (start: worker, setup and imports; tests: tests and hooks)`);
    for (const time of slowest) {
      log(
        `  ${format(time.startSeconds + time.testSeconds)} s  ${time.project.padEnd(10)} ${time.file}` +
          `  (start ${time.startSeconds.toFixed(1)} s, tests ${time.testSeconds.toFixed(1)} s)`,
      );
    }
    const flaky = testModules.flatMap((testModule) =>
      [...testModule.children.allTests('passed')].filter((test) => test.diagnostic()?.flaky),
    );
    if (flaky.length > 0) {
      log();
      log(`PASSED ONLY ON A RETRY (flaky: a race to find, not a pass to trust):`);
      for (const test of flaky) {
        log(`  ${test.project.name.padEnd(10)} ${test.module.relativeModuleId} > ${test.fullName}`);
      }
    }
    for (const [project, { insteadOf, reason }] of Object.entries(this.#options.skippedProjects ?? {})) {
      if (!projects.includes(insteadOf)) continue;
      log();
      log(`NOT RUN: the ${project} project — ${reason}`);
    }
  }
}

function fileTime(testModule: TestModule): FileTime {
  const diagnostic = testModule.diagnostic();
  return {
    project: testModule.project.name,
    file: testModule.relativeModuleId,
    startSeconds: seconds(
      diagnostic.prepareDuration +
        diagnostic.environmentSetupDuration +
        diagnostic.setupDuration +
        diagnostic.collectDuration,
    ),
    testSeconds: seconds(diagnostic.duration),
  };
}
