import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's own order from a fresh clone (no timings cached) is one project after the other, each
 * project's largest file first, the unit project last. Files that run for a minute whatever their
 * size (the fuzz parts, a build, a backup round trip) then start late in their project and leave
 * one worker busy alone at the end (the unit project's build test ended the run). So known-long
 * files start first in their project. The weights are a file's seconds in a measured run
 * (docs/decisions/027-ci-under-ten-minutes.md), rounded: only their order matters.
 */
const KNOWN_SECONDS: [RegExp, number][] = [
  [/\/tests\/fuzz\/fuzz-part-4\.test\.ts$/, 215],
  [/\/tests\/fuzz\/fuzz-part-\d+\.test\.ts$/, 120],
  [/\/src\/server\/permission-matrix\.test\.ts$/, 97],
  [/\/scripts\/backup\/backup\.test\.ts$/, 86],
  [/\/src\/server\/auth\/throttle\.test\.ts$/, 84],
  [/\/scripts\/backup\/backup-secrets\.test\.ts$/, 71],
  [/\/scripts\/build\/server\.unit\.test\.ts$/, 63],
  [/\/src\/server\/imports\/undo-job\.isolated\.test\.ts$/, 62],
  [/\/src\/server\/auth\/cookies\.test\.ts$/, 52],
  [/\/tests\/security\/responses\.test\.ts$/, 50],
  [/\/tests\/security\/passwords\.isolated\.test\.ts$/, 45],
  [/\/scripts\/backup\/db-backup-cli\.test\.ts$/, 45],
  [/\/src\/server\/jobs\/jobs\.test\.ts$/, 45],
  [/\/src\/server\/imports\/read-table\.unit\.test\.ts$/, 42],
  [/\/src\/server\/imports\/run\.test\.ts$/, 42],
  [/\/tests\/security\/csv-files\.test\.ts$/, 41],
  [/\/src\/server\/cvs\/routes\.test\.ts$/, 40],
  [/\/tests\/security\/hostile-files\.test\.ts$/, 33],
  [/\/scripts\/build\/swap-build\.unit\.test\.ts$/, 32],
  [/\/src\/server\/search\/search-list\.test\.ts$/, 32],
  [/\/src\/server\/db\/pglite-thread\.test\.ts$/, 31],
  [/\/scripts\/seed\/cv-render\.unit\.test\.ts$/, 20],
]

/** A file's measured seconds; the fuzz parts run a quarter of the requests on PGlite. */
function knownSeconds(spec: TestSpecification): number {
  const found = KNOWN_SECONDS.find(([pattern]) => pattern.test(spec.moduleId))
  if (!found) return 0
  return isFuzz(spec) && !onPostgres(spec) ? found[1] / 4 : found[1]
}

const isFuzz = (spec: TestSpecification) => FUZZ_FILE.test(spec.moduleId)
const onPostgres = (spec: TestSpecification) => spec.project.name.startsWith('api-postgres')
const FUZZ_FILE = /\/tests\/fuzz\/fuzz-part-\d+\.test\.ts$/

/**
 * Each project's files together, the known-long ones first; the PostgreSQL projects first, since
 * their fuzz parts are the longest files of all. A project's files stay together: a worker that
 * keeps its modules between files is reused only when the next file is of its own project, and
 * a worker for another project imports the whole server again.
 */
function projectRank(spec: TestSpecification, projects: string[]): number {
  return (onPostgres(spec) ? 0 : projects.length) + projects.indexOf(spec.project.name)
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const projects = [...new Set(sorted.map((spec) => spec.project.name))]
    // A stable sort: groupOrder first (it decides what may run together), then the project,
    // then the known length.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectRank(a, projects) - projectRank(b, projects) ||
        knownSeconds(b) - knownSeconds(a),
    )
  }
}
