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
  /** Median time per call, in nanoseconds (with `BENCH_CPU=1`: the lowest CPU time per call). */
  readonly median: number
}

const quick = process.env.BENCH_QUICK === '1'
/**
 * `BENCH_ROUNDS=n` measures every case of a comparison n times, the cases interleaved, and keeps
 * each case's lowest median: on a shared machine, another process can only make a round slower,
 * so the lowest is the one least disturbed. Default 1.
 */
const rounds = Math.max(1, Number.parseInt(process.env.BENCH_ROUNDS ?? '1', 10) || 1)

/**
 * `BENCH_CPU=1` times each case by the CPU time of this process (`process.cpuUsage`) over
 * batches of calls, keeping the lowest per call, instead of mitata's wall-clock median: other
 * processes on a shared machine steal wall-clock time, not this process's CPU time. An
 * asynchronous case is awaited call by call.
 */
const cpu = process.env.BENCH_CPU === '1'

/** A full collection, when `node --expose-gc` made `gc` available (`pnpm bench` does). */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
}

/**
 * CPU time per call of one batch of `count` calls, in nanoseconds. An asynchronous case (`run`
 * returns a promise) is awaited call by call, so the time includes the microtasks it schedules.
 */
async function cpuBatch(run: () => unknown, count: number, awaited: boolean): Promise<number> {
  const start = process.cpuUsage()
  if (awaited) {
    for (let index = 0; index < count; index++) do_not_optimize(await run())
  } else {
    for (let index = 0; index < count; index++) do_not_optimize(run())
  }
  const used = process.cpuUsage(start)
  return ((used.user + used.system) * 1_000) / count
}

/** The lowest CPU time per call over batches of about 10 ms, for `budget` ms in all. */
export async function measureCpu(run: () => unknown, budget: number): Promise<number> {
  const first = run()
  const awaited = first instanceof Promise
  if (awaited) await first
  let count = 16
  while ((await cpuBatch(run, count, awaited)) * count < 10e6 && count < 1e9) count *= 2
  let lowest = Number.POSITIVE_INFINITY
  const batches = Math.max(3, Math.round(budget / 10))
  for (let batch = 0; batch < batches; batch++) {
    lowest = Math.min(lowest, await cpuBatch(run, count, awaited))
  }
  return lowest
}

/** Measures every case of a comparison, one after the other, in this process. */
export async function measureComparison(comparison: Comparison): Promise<CaseResult[]> {
  if (cpu) {
    const lowest = new Map<string, number>()
    for (let round = 0; round < rounds; round++) {
      for (const benchCase of comparison.cases) {
        // A collection left over from the case before (zod, TypeBox's errors) would run on V8's
        // helper threads during this one, and count in this process's CPU time: collect first.
        collectGarbage()
        const time = await measureCpu(benchCase.run, (quick ? 50 : 400) / rounds)
        lowest.set(benchCase.name, Math.min(lowest.get(benchCase.name) ?? Infinity, time))
      }
    }
    return comparison.cases.map(({ name }) => ({ name, median: lowest.get(name) ?? Number.NaN }))
  }
  const medians = new Map<string, number>()
  for (let round = 0; round < rounds; round++) {
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
        { min_cpu_time: ((quick ? 50 : 400) * 1e6) / rounds },
      )
      medians.set(benchCase.name, Math.min(medians.get(benchCase.name) ?? Infinity, stats.p50))
    }
  }
  return comparison.cases.map(({ name }) => ({ name, median: medians.get(name) ?? Number.NaN }))
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
