import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's own order from a fresh clone (no timings cached) is one project after the other, the
 * largest file first. The fuzz files are 4 lines that run a route list for up to 100 s each on
 * PostgreSQL, so they came last and left one worker busy alone for the run's final minute.
 * Known-long files go first, PostgreSQL's before PGlite's; the rest keep Vitest's order.
 */
const LONG_FILES = /\/tests\/fuzz\/fuzz-part-\d+\.test\.ts$/

function weight(spec: TestSpecification): number {
  if (!LONG_FILES.test(spec.moduleId)) return 2
  return spec.project.name.startsWith('api-postgres') ? 0 : 1
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    // A stable sort: groupOrder first (it decides what may run together), then the weight.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        weight(a) - weight(b),
    )
  }
}
