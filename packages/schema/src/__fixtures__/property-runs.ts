/**
 * Whether this is a mutation run: `stryker.shared.mjs` sets TOOLPIPE_MUTATION_RUN for Stryker's
 * test runners, and nothing else does.
 */
const mutationRun = process.env.TOOLPIPE_MUTATION_RUN === '1'

/**
 * How many cases a property test makes: `runs`, or a tenth of it in a mutation run, where every
 * test that reaches a mutant runs again for that mutant (thousands of times over). The unit tests
 * beside each property pin the details; the property's volume is for the ordinary run.
 */
export function propertyRuns(runs: number): number {
  return mutationRun ? Math.ceil(runs / 10) : runs
}

/**
 * fast-check parameters for {@link propertyRuns}: in a mutation run also a fixed seed, so that
 * every mutant meets the same cases and a test's assertions about their volume hold for all.
 */
export function propertyParameters(runs: number): { numRuns: number; seed?: number } {
  return mutationRun ? { numRuns: propertyRuns(runs), seed: 20_260_314 } : { numRuns: runs }
}
