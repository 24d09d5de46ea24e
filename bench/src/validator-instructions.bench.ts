import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { countProcess, formatCount, hasValgrind, inParallel } from './callgrind.js'
import type { Suite } from './harness.js'
import { caseName, poolCases, validatorNames } from './validator-instruction-cases.js'
import type { PoolCase } from './validator-instruction-cases.js'

const quick = process.env.BENCH_QUICK === '1'

/**
 * Calls before the counted ones, and the two counts after them, by pool size: V8 has compiled
 * what it compiles well before the warm-up ends (`--single-threaded`: on the main thread), and a
 * MEDIUM call costs ten SMALL ones. With `BENCH_QUICK=1`, a tenth.
 */
const plan = {
  small: { warmUp: 200_000, counts: [100_000, 300_000] },
  medium: { warmUp: 20_000, counts: [10_000, 30_000] },
} as const
const scale = quick ? 10 : 1

/**
 * Instructions one process executes running `count` calls of the case `name` after a full
 * collection and `warmUp` calls (see `validator-calls.ts`): callgrind over `node
 * --single-threaded --predictable --liftoff-only --random-seed=1 --hash-seed=1
 * --allow-natives-syntax`. Without the hash seed pinned,
 * the same code counted 283 or 338 instructions a call from run to run: the seed moves where
 * strings and shapes land in V8's caches.
 */
async function countCase(
  name: string,
  warmUp: number,
  count: number,
  output: string,
): Promise<number> {
  return countProcess(
    [
      '--single-threaded',
      '--predictable',
      // Node strips the types of the `.ts` files it loads with WebAssembly (amaro), whose
      // optimizing tier-up ran in some processes and not in others: 28 million instructions.
      '--liftoff-only',
      '--random-seed=1',
      '--hash-seed=1',
      '--expose-gc',
      // validator-calls.ts has V8 optimize its loop after the warm-up.
      '--allow-natives-syntax',
      '--import',
      './ts-resolve.mjs',
      'validator-calls.ts',
      name,
      String(warmUp),
      String(count),
    ],
    output,
  )
}

/** A case to count: its name, and the calls of its plan. */
interface Job {
  readonly name: string
  readonly size: 'small' | 'medium'
}

/**
 * Instructions per call of each job: its call counted at the plan's two counts after the same
 * warm-up, the difference divided by the calls between them (start-up, set-up and exit cancel
 * out), less the harness's own (its loop, counted the same way with a check that does nothing).
 * Two processes at a time: callgrind runs one thread, and the count does not depend on the load.
 */
async function countPerCall(folder: string, jobs: readonly Job[]): Promise<number[]> {
  const runs = jobs.flatMap((job) =>
    plan[job.size].counts.map((count, index) => ({
      ...job,
      count: count / scale,
      output: join(folder, `${job.name}-${index}.out`),
    })),
  )
  const totals = await inParallel(runs, 2, (one) =>
    countCase(one.name, plan[one.size].warmUp / scale, one.count, one.output),
  )
  return jobs.map((job, index) => {
    const [first, second] = plan[job.size].counts
    const calls = (second - first) / scale
    return ((totals[2 * index + 1] ?? Number.NaN) - (totals[2 * index] ?? Number.NaN)) / calls
  })
}

function ratio(value: number, of: number): string {
  return Number.isNaN(value / of) ? '—' : (value / of).toFixed(2)
}

function goalCell(poolCase: PoolCase, times: number): string {
  if (Number.isNaN(times)) return ''
  return `≤ ${poolCase.goal}× Ajv${times <= poolCase.goal ? ': met' : ': **not met**'}`
}

/**
 * Issue #44's validator rows: `checkArgs`, Ajv and zod on the uniform pools of
 * `uniform-pools.ts` (what a strict model writes), in CPU instructions per call, the harness
 * subtracted, all counted in this one run.
 */
export async function runValidatorInstructions(): Promise<string> {
  if (!hasValgrind()) return 'valgrind is not installed: no instruction counts.\n'
  const jobs: Job[] = [{ name: 'harness', size: 'small' }]
  for (const poolCase of poolCases) {
    for (const validator of validatorNames) {
      jobs.push({ name: caseName(validator, poolCase), size: poolCase.size })
    }
  }
  const folder = await mkdtemp(join(tmpdir(), 'bench-validators-'))
  let perCall: number[]
  try {
    perCall = await countPerCall(folder, jobs)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  const harness = perCall[0] ?? Number.NaN
  const counted = new Map(
    jobs.map((job, index) => [job.name, (perCall[index] ?? Number.NaN) - harness]),
  )
  const lines = [
    `#### uniform pools, instructions per call, the harness's ${formatCount(harness)} subtracted (${quick ? 'BENCH_QUICK: a tenth of the calls' : 'SMALL: 200,000 calls after 200,000; MEDIUM: 20,000 after 20,000'})`,
    '',
    '| pool | `checkArgs` | Ajv | zod | `checkArgs` × Ajv | zod × Ajv | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ]
  for (const poolCase of poolCases) {
    const [ours, ajv, zod] = validatorNames.map(
      (validator) => counted.get(caseName(validator, poolCase)) ?? Number.NaN,
    ) as [number, number, number]
    lines.push(
      `| ${poolCase.label} | ${formatCount(ours)} | ${formatCount(ajv)} | ${formatCount(zod)} | ${ratio(ours, ajv)} | ${ratio(zod, ajv)} | ${goalCell(poolCase, ours / ajv)} |`,
    )
  }
  lines.push('')
  return lines.join('\n')
}

/** Its own table (`runValidatorInstructions`), like the other suites that are not comparisons. */
export const validatorInstructionsSuite: Suite = {
  name: 'validator-instructions',
  comparisons: () => [],
}
