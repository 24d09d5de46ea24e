// The property tests' case counts, shared by every package that has them (imported by relative
// path, as the packages' vitest configs import vitest.shared.ts): one reader beside the writer,
// stryker.shared.mjs.

/**
 * Whether this is a mutation run: `stryker.shared.mjs` sets TOOLPIPE_MUTATION_RUN for Stryker's
 * test runners, and nothing else does.
 */
const mutationRun = process.env.TOOLPIPE_MUTATION_RUN === '1'

/**
 * How many cases a property test makes: `runs`, or in a mutation run `mutationRuns` (a tenth of
 * `runs` unless given), as there every test that reaches a mutant runs again for that mutant,
 * thousands of times over. The unit tests beside each property pin the details; the property's
 * volume is for the ordinary run.
 */
export function propertyRuns(runs: number, mutationRuns = Math.ceil(runs / 10)): number {
  return mutationRun ? mutationRuns : runs
}

/**
 * fast-check parameters for {@link propertyRuns}: in a mutation run also a fixed seed, so that
 * every mutant meets the same cases and a test's assertions about their volume hold for all.
 */
export function propertyParameters(
  runs: number,
  mutationRuns?: number,
): { numRuns: number; seed?: number } {
  return mutationRun
    ? { numRuns: propertyRuns(runs, mutationRuns), seed: 20_260_314 }
    : { numRuns: runs }
}
