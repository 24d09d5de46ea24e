import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { countProcess, formatCount, hasValgrind, inParallel } from './callgrind.js'
import { measureCpu } from './harness.js'
import type { Suite } from './harness.js'
import { instructionCases, setUpCase } from './instruction-cases.js'
import type { InstructionCase } from './instruction-cases.js'

const quick = process.env.BENCH_QUICK === '1'

/**
 * Calls before the counted ones: V8 still compiles the pipeline's functions (on the main thread,
 * with `--single-threaded`) well after 10,000 calls; after 20,000 nothing compiles any more. A
 * full collection comes before it (see `instruction-calls.ts`).
 */
const warmUp = 20_000
/**
 * The counts of calls run after the warm-up: each difference of neighbours is one window of
 * `step` calls (two windows; one with `BENCH_QUICK=1`). A window this long holds about thirty
 * young-generation collections (one every 1,000 to 1,500 calls), so whether one more falls into
 * it changes its count by a few percent at most, and a marking of the whole heap (about one per
 * 80,000 calls for the permissions case) is spread over the calls it served.
 */
const step = 40_000
const counts = Array.from({ length: quick ? 2 : 3 }, (_, index) => 2_000 + index * step)

/**
 * Instructions one process executes, start to exit, running `count` calls of the case `name`
 * after a full collection and the warm-up (see `instruction-calls.ts`): callgrind over
 * `node --single-threaded --predictable --liftoff-only` (no helper threads, no randomness, no
 * WebAssembly tier-up), so that two runs of
 * the same command count the same instructions, give or take a few hundred at start-up (the
 * process id, the environment).
 */
async function countInstructions(name: string, count: number, output: string): Promise<number> {
  return countProcess(
    [
      '--single-threaded',
      '--predictable',
      // The permissions case loads tree-sitter's WebAssembly, which no counted call runs. V8's
      // optimizing tier-up of it is a task that sometimes ran before the process exited and
      // sometimes not: 1.39 billion instructions in one run and none in the next. Baseline code
      // only, so that every run counts the same.
      '--liftoff-only',
      '--expose-gc',
      '--import',
      './ts-resolve.mjs',
      'instruction-calls.ts',
      name,
      String(warmUp),
      String(count),
    ],
    output,
  )
}

/** What counting one case gave: instructions per call, over all windows and in each. */
interface Counted {
  /** Over every window together: what a call costs, collections included. */
  readonly perCall: number
  /** Each window's instructions per call. */
  readonly windows: readonly number[]
}

/**
 * Instructions per call of every case: the same call run `counts` times after the same warm-up,
 * each neighbouring pair subtracted and divided by `step`, so that start-up, set-up and exit
 * cancel out. Two processes at a time: callgrind runs one thread, and the count does not depend
 * on the load.
 */
async function countPerCall(folder: string): Promise<Counted[]> {
  const jobs = instructionCases.flatMap(({ name }) =>
    counts.map((count, index) => ({ name, count, output: join(folder, `${name}-${index}.out`) })),
  )
  const totals = await inParallel(jobs, 2, (job) =>
    countInstructions(job.name, job.count, job.output),
  )
  return instructionCases.map((_, caseIndex) => {
    const own = totals.slice(caseIndex * counts.length, (caseIndex + 1) * counts.length)
    const windows = own.slice(1).map((total, index) => (total - (own[index] ?? 0)) / step)
    const first = own[0] ?? Number.NaN
    const last = own.at(-1) ?? Number.NaN
    return { perCall: (last - first) / (step * windows.length), windows }
  })
}

/** CPU time per call of each case, in this process, one after the other, after a collection. */
async function timeCases(): Promise<number[]> {
  const times: number[] = []
  for (const instructionCase of instructionCases) {
    const call = await setUpCase(instructionCase.name)
    ;(globalThis as { gc?: () => void }).gc?.()
    times.push(await measureCpu(call, quick ? 100 : 600))
  }
  return times
}

function formatTime(nanoseconds: number): string {
  return nanoseconds < 1_000
    ? `${nanoseconds.toFixed(0)} ns`
    : `${(nanoseconds / 1_000).toFixed(2)} µs`
}

function goalCell(instructionCase: InstructionCase, instructions: number, time: number): string {
  const { goal } = instructionCase
  if (goal === undefined) return ''
  const ratio = goal.by === 'instructions' ? instructions : time
  const verdict = Number.isNaN(ratio) ? '' : ratio <= goal.ratio ? ': met' : ': **not met**'
  return `≤ ${goal.ratio}× (${goal.by})${verdict}`
}

/**
 * Issue #44's table: each plugin alone on the same small `read_file` call, against the bare
 * call, in CPU instructions per call (callgrind; see `countPerCall`) and in CPU time per call
 * (this process, `process.cpuUsage`, lowest of ~10 ms batches).
 */
export async function runInstructions(): Promise<string> {
  const times = await timeCases()
  const valgrind = hasValgrind()
  const lines: string[] = []
  let counted: Counted[] = []
  if (valgrind) {
    const folder = await mkdtemp(join(tmpdir(), 'bench-instructions-'))
    try {
      counted = await countPerCall(folder)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  } else {
    lines.push('valgrind is not installed: no instruction counts, CPU times only.', '')
  }
  const bareInstructions = counted[0]?.perCall ?? Number.NaN
  const bareTime = times[0] ?? Number.NaN
  lines.push(
    `#### the same small \`read_file\` call, per call (${valgrind ? `instructions: ${((counts.length - 1) * step).toLocaleString('en-US')} calls after ${warmUp.toLocaleString('en-US')}, in windows of ${step.toLocaleString('en-US')}` : 'no instruction counts'})`,
    '',
    '| case | instructions | windows | × bare | CPU time | × bare | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  )
  instructionCases.forEach((instructionCase, index) => {
    const instructions = counted[index]?.perCall ?? Number.NaN
    const time = times[index] ?? Number.NaN
    const instructionRatio = instructions / bareInstructions
    const timeRatio = time / bareTime
    const one = counted[index]
    const windows = one === undefined ? '—' : one.windows.map(formatCount).join(', ')
    lines.push(
      `| ${instructionCase.label} | ${formatCount(instructions)} | ${windows} | ${Number.isNaN(instructionRatio) ? '—' : instructionRatio.toFixed(2)} | ${formatTime(time)} | ${timeRatio.toFixed(2)} | ${goalCell(instructionCase, instructionRatio, timeRatio)} |`,
    )
  })
  lines.push('')
  return lines.join('\n')
}

/** Its own table (`runInstructions`), like the other suites that are not comparisons. */
export const instructionsSuite: Suite = { name: 'instructions', comparisons: () => [] }
