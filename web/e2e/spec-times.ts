import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { basename } from "node:path";

interface SpecTime {
  project: string;
  tests: number;
  ms: number;
  workers: Set<number>;
}

/**
 * Prints, after the run, one line per spec file sorted slowest first: its tests' time added up,
 * how many tests, its project and the worker(s) it ran on; then the run's wall-clock time and the
 * busy time of each worker, so a change in how the suite is shared out shows as figures.
 */
export default class SpecTimes implements Reporter {
  private readonly specs = new Map<string, SpecTime>();
  private readonly busy = new Map<number, number>();
  private started = Date.now();

  onBegin() {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const file = basename(test.location.file);
    const spec = this.specs.get(file) ?? { project: test.parent.project()?.name ?? "", tests: 0, ms: 0, workers: new Set<number>() };
    spec.tests += 1;
    spec.ms += result.duration;
    if (result.parallelIndex >= 0) {
      spec.workers.add(result.parallelIndex);
      this.busy.set(result.parallelIndex, (this.busy.get(result.parallelIndex) ?? 0) + result.duration);
    }
    this.specs.set(file, spec);
  }

  onEnd(result: FullResult) {
    if (this.specs.size === 0) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = [...this.specs]
      .sort(([, a], [, b]) => b.ms - a.ms)
      .map(
        ([file, spec]) =>
          `${seconds(spec.ms)} s  ${file} (${spec.tests} ${spec.tests === 1 ? "test" : "tests"}, ${spec.project}, worker ${[...spec.workers].join(", ")})`,
      );
    const workers = [...this.busy]
      .sort(([a], [b]) => a - b)
      .map(([index, ms]) => `worker ${index} busy ${Math.round(ms / 1000)} s`)
      .join(", ");
    console.log(`\n== panel spec times, slowest first\n${lines.join("\n")}`);
    console.log(`${seconds(Date.now() - this.started)} s  in all (${result.status}; ${workers})`);
  }

  printsToStdio() {
    return false;
  }
}
