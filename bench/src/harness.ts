import { do_not_optimize, measure } from 'mitata'

/** One contender in a comparison. */
export interface BenchCase {
  readonly name: string
  readonly run: () => unknown
}

/** Contenders measured side by side in the same run; ratios are taken against `baseline`. */
export interface Comparison {
  readonly title: string
  /** The name of the case the ratios divide by. */
  readonly baseline: string
  readonly cases: readonly BenchCase[]
}

/** A group of comparisons, one per benchmark file. */
export interface Suite {
  readonly name: string
  readonly comparisons: () => Comparison[] | Promise<Comparison[]>
}

export interface CaseResult {
  readonly name: string
  /** Median time per call, in nanoseconds. */
  readonly median: number
}

const quick = process.env.BENCH_QUICK === '1'

/** Measures every case of a comparison, one after the other, in this process. */
export async function measureComparison(comparison: Comparison): Promise<CaseResult[]> {
  const results: CaseResult[] = []
  for (const benchCase of comparison.cases) {
    // Fail loudly rather than time a function that throws on its first call.
    await benchCase.run()
    const stats = await measure(
      () => {
        const value = benchCase.run()
        if (value instanceof Promise) return value.then(do_not_optimize)
        do_not_optimize(value)
        return undefined
      },
      { min_cpu_time: (quick ? 50 : 400) * 1e6 },
    )
    results.push({ name: benchCase.name, median: stats.p50 })
  }
  return results
}

/** Renders one comparison as a markdown table of medians and ratios to the baseline. */
export function formatTable(comparison: Comparison, results: readonly CaseResult[]): string {
  const baseline = results.find((result) => result.name === comparison.baseline)
  if (baseline === undefined) throw new Error(`no baseline "${comparison.baseline}"`)
  const lines = [
    `#### ${comparison.title}`,
    '',
    `| case | median | × ${comparison.baseline} |`,
    '| --- | ---: | ---: |',
    ...results.map(
      (result) =>
        `| ${result.name} | ${formatDuration(result.median)} | ${(result.median / baseline.median).toFixed(2)} |`,
    ),
    '',
  ]
  return lines.join('\n')
}

function formatDuration(nanoseconds: number): string {
  if (nanoseconds < 1_000) return `${nanoseconds.toFixed(0)} ns`
  if (nanoseconds < 1_000_000) return `${(nanoseconds / 1_000).toFixed(2)} µs`
  return `${(nanoseconds / 1_000_000).toFixed(2)} ms`
}
