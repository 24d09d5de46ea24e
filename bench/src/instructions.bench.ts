import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { measureCpu } from './harness.js'
import type { Suite } from './harness.js'
import { instructionCases, setUpCase } from './instruction-cases.js'
import type { InstructionCase } from './instruction-cases.js'

const run = promisify(execFile)
const here = fileURLToPath(new URL('.', import.meta.url))
const quick = process.env.BENCH_QUICK === '1'

/**
 * Calls before the counted ones: V8 still compiles the pipeline's functions (on the main thread,
 * with `--single-threaded`) well after 10,000 calls; after 20,000 nothing compiles any more. A
 * full collection comes before it (see `instruction-calls.ts`).
 */
const warmUp = 20_000
/** The two counts of calls run after the warm-up; the difference is what one case costs. */
const fewer = 2_000
const more = quick ? 7_000 : 12_000

/**
 * Instructions one process executes, start to exit, running `count` calls of the case `name`
 * after a full collection and the warm-up (see `instruction-calls.ts`): callgrind over
 * `node --single-threaded --predictable` (no helper threads, no randomness), so that two runs of
 * the same command count the same instructions, give or take a few hundred at start-up (the
 * process id, the environment).
 */
async function countInstructions(name: string, count: number, output: string): Promise<number> {
  const env = { ...process.env }
  // The suite itself runs under tsx: its loader must not follow into the counted process.
  delete env.NODE_OPTIONS
  await run(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${output}`,
      process.execPath,
      '--single-threaded',
      '--predictable',
      '--expose-gc',
      '--import',
      './ts-resolve.mjs',
      'instruction-calls.ts',
      name,
      String(warmUp),
      String(count),
    ],
    { cwd: here, env, maxBuffer: 16 * 1024 * 1024 },
  )
  const totals = /^(?:totals|summary): (\d+)/m.exec(await readFile(output, 'utf8'))
  if (totals?.[1] === undefined) throw new Error(`no total in ${output}`)
  return Number(totals[1])
}

/** What counting one case gave: instructions per call, and how far a repeated run strayed. */
interface Counted {
  readonly perCall: number
  /** The difference between two runs of the same command, per counted call. */
  readonly repeatDrift: number | undefined
}

/**
 * Instructions per call of every case: the same call `more` and `fewer` times after the same
 * warm-up, subtracted, divided by the difference, so that start-up, set-up and exit cancel out.
 * Unless `BENCH_QUICK=1`, the longer run is repeated to show that the count is repeatable. Two
 * processes at a time: callgrind runs one thread, and the count does not depend on the load.
 */
async function countPerCall(folder: string): Promise<Counted[]> {
  const runs = [fewer, more, ...(quick ? [] : [more])]
  const jobs = instructionCases.flatMap(({ name }) =>
    runs.map((count, index) => ({ name, count, output: join(folder, `${name}-${index}.out`) })),
  )
  const totals = await inParallel(jobs, 2, (job) =>
    countInstructions(job.name, job.count, job.output),
  )
  const calls = more - fewer
  return instructionCases.map((_, caseIndex) => {
    const [low = 0, high = 0, again] = totals.slice(
      caseIndex * runs.length,
      (caseIndex + 1) * runs.length,
    )
    return {
      perCall: (high - low) / calls,
      repeatDrift: again === undefined ? undefined : Math.abs(again - high) / calls,
    }
  })
}

/** Runs `work` over `items`, at most `width` at a time (the machine's cores are shared). */
async function inParallel<TItem, TResult>(
  items: readonly TItem[],
  width: number,
  work: (item: TItem) => Promise<TResult>,
): Promise<TResult[]> {
  const results: TResult[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as TItem)
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return results
}

function hasValgrind(): boolean {
  const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' })
  return probe.error === undefined && probe.status === 0
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
    `#### the same small \`read_file\` call, per call (${valgrind ? `instructions: ${more.toLocaleString('en-US')} − ${fewer.toLocaleString('en-US')} calls after ${warmUp.toLocaleString('en-US')}` : 'no instruction counts'})`,
    '',
    '| case | instructions | × bare | CPU time | × bare | goal |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  )
  instructionCases.forEach((instructionCase, index) => {
    const instructions = counted[index]?.perCall ?? Number.NaN
    const time = times[index] ?? Number.NaN
    const instructionRatio = instructions / bareInstructions
    const timeRatio = time / bareTime
    lines.push(
      `| ${instructionCase.label} | ${Number.isNaN(instructions) ? '—' : Math.round(instructions).toLocaleString('en-US')} | ${Number.isNaN(instructionRatio) ? '—' : instructionRatio.toFixed(2)} | ${formatTime(time)} | ${timeRatio.toFixed(2)} | ${goalCell(instructionCase, instructionRatio, timeRatio)} |`,
    )
  })
  const drifts = counted.map((one) => one.repeatDrift).filter((drift) => drift !== undefined)
  if (drifts.length > 0) {
    const worst = Math.max(...drifts)
    lines.push(
      '',
      `Repeat runs of the same command differ by at most ${worst.toFixed(3)} instructions per call${worst < 0.5 ? ' (the same count)' : ': **not repeatable**'}.`,
    )
  }
  lines.push('')
  return lines.join('\n')
}

/** Its own table (`runInstructions`), like the other suites that are not comparisons. */
export const instructionsSuite: Suite = { name: 'instructions', comparisons: () => [] }
