import { Buffer } from 'node:buffer'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asCallId } from '@toolpipe/core'
import type { ContentBlock } from '@toolpipe/core'
import { loadO200kTokenCounter, outputBudget } from '@toolpipe/output-budget'
import type { TokenCounter } from '@toolpipe/output-budget'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import type { Comparison, Suite } from './harness.js'
import { repositorySource } from './repository-source.js'

/** A verbose test run's output: one line per test, timings and the odd stack trace. */
function testRunOutput(bytes: number): string {
  const lines: string[] = []
  let size = 0
  for (let test = 0; size < bytes; test++) {
    const suite = `packages/${['core', 'tools', 'schema', 'mcp'][test % 4] ?? ''}/src/case-${test % 97}.test.ts`
    const line =
      test % 53 === 0
        ? `  ✗ ${suite} > handles input ${test} (${(test * 7) % 400}ms)\n    AssertionError: expected ${test} to be ${test + 1}\n      at ${suite}:${(test % 300) + 1}:${(test % 40) + 1}`
        : `  ✓ ${suite} > handles input ${test} (${(test * 7) % 400}ms)`
    lines.push(line)
    size += line.length + 1
  }
  return lines.join('\n').slice(0, bytes)
}

/** Chinese prose, three bytes a character in UTF-8. */
function chineseProse(bytes: number): string {
  let text = ''
  for (let index = 0; text.length * 3 < bytes; index++) {
    text += String.fromCharCode(0x4e00 + ((index * 7919) % 0x51a5))
    if (index % 23 === 22) text += '，'
    if (index % 181 === 180) text += '。\n'
  }
  return text
}

/**
 * A registry with one tool answering `content`: bare, with a `tools/execute` wrapper that only
 * passes the result on (what the pipeline charges for any wrapper), or with the budget.
 */
function registryAnswering(
  content: ContentBlock[],
  wrapper: 'none' | 'pass-through' | 'budget',
): ToolRegistry {
  const registry = createToolRegistry()
  if (wrapper === 'pass-through') registry.on('tools/execute', (_exec, next) => next())
  if (wrapper === 'budget') registry.use(outputBudget({ spill: false }))
  registry.register({
    name: 'cat',
    description: 'Print a file.',
    parameters: { type: 'object' },
    execute: () => Promise.resolve(content),
  })
  return registry
}

const catInput = { callId: asCallId('call_1'), name: 'cat', arguments: {} }

/**
 * Issue #32: a result within its budget costs ≤ 1 µs more. Two sizes under the default 25,000
 * tokens: 2 KB (the length bound decides, no encoding) and 20 KB (the UTF-8 length decides).
 * Beside them, a pass-through wrapper: what the pipeline's waterfall charges for any wrapper,
 * before the budget does anything of its own.
 */
function withinBudgetComparisons(): Comparison[] {
  return [2_000, 20_000].map((bytes) => {
    const content = [{ type: 'text' as const, text: repositorySource(bytes) }]
    const bare = registryAnswering(content, 'none')
    const passThrough = registryAnswering(content, 'pass-through')
    const budgeted = registryAnswering(content, 'budget')
    return {
      title: `execute(): a ${bytes / 1_000} KB text result within the 25,000-token budget`,
      baseline: 'execute(), no plugin',
      cases: [
        { name: 'execute(), no plugin', run: () => bare.execute(catInput) },
        { name: 'a pass-through tools/execute wrapper', run: () => passThrough.execute(catInput) },
        { name: 'outputBudget()', run: () => budgeted.execute(catInput) },
      ],
    }
  })
}

/** 256 KB of each kind of output: enough to time, small enough for a busy machine. */
function samples(): Record<string, string> {
  return {
    'TypeScript source': repositorySource(256_000),
    'test-run log': testRunOutput(256_000),
    'Chinese prose': chineseProse(256_000),
  }
}

/** The o200k counter's throughput beside plain `Buffer.byteLength`, on 256 KB of each sample. */
function countingComparisons(count: TokenCounter): Comparison[] {
  return Object.entries(samples()).map(([name, text]) => ({
    title: `counting 256 KB of ${name} (${Buffer.byteLength(text)} bytes, ${count(text)} tokens)`,
    baseline: 'Buffer.byteLength',
    cases: [
      { name: 'Buffer.byteLength', run: () => Buffer.byteLength(text) },
      { name: 'o200k countTokens', run: () => count(text) },
    ],
  }))
}

/** Heap plus memory outside it (buffers): what a copy of the output would add to. */
function memoryNow(): number {
  const usage = process.memoryUsage()
  return usage.heapUsed + usage.external
}

/**
 * One cut of `text` through `execute()` with the default budget, after a warm-up and a full
 * collection: its wall time, the most memory it had alive beyond what there was before (sampled
 * every millisecond and at every count), and the cut text.
 */
async function measureCut(
  text: string,
  spill: { readonly dir: string } | false,
  count: (text: string) => number,
  collect: () => void,
): Promise<{ milliseconds: number; extra: number; cut: string }> {
  let peak = 0
  const sample = () => {
    peak = Math.max(peak, memoryNow())
  }
  const registry = createToolRegistry()
  registry.use(
    outputBudget({
      spill,
      countTokens: (part) => {
        sample()
        return count(part)
      },
    }),
  )
  registry.register({
    name: 'cat',
    description: 'Print a file.',
    parameters: { type: 'object' },
    execute: () => Promise.resolve([{ type: 'text', text }]),
  })
  await registry.execute(catInput) // warm up
  collect()
  const before = memoryNow()
  peak = before
  const sampler = setInterval(sample, 1)
  const started = performance.now()
  const result = await registry.execute(catInput)
  const milliseconds = performance.now() - started
  clearInterval(sampler)
  sample()
  const [block] = result.content
  return { milliseconds, extra: peak - before, cut: block?.type === 'text' ? block.text : '' }
}

/**
 * A 100 MB text result through `execute()` with the default budget: wall time, and the most
 * memory the cut had alive beyond the output itself, as a multiple of the output's size. Memory
 * is sampled every millisecond and at every count the cut makes (the counter is the real
 * `o200k_base` one, wrapped), after a full collection. With the spill file on disk, and without.
 */
export async function runHugeCut(megabytes = 100): Promise<string> {
  const collect = (globalThis as { gc?: () => void }).gc
  if (collect === undefined) throw new Error('run with node --expose-gc')
  // An ASCII log, decoded from a Buffer as a child process's output is: a flat one-byte string.
  const ascii = testRunOutput(megabytes * 1_000_000)
    .replaceAll('✓', 'ok')
    .replaceAll('✗', 'FAIL')
  const text = Buffer.from(ascii).toString('utf8')
  const bytes = Buffer.byteLength(text)
  const count = await loadO200kTokenCounter()
  const folder = await mkdtemp(join(tmpdir(), 'bench-output-budget-'))
  const rows: string[] = []
  try {
    for (const spill of [{ dir: folder }, false] as const) {
      const { milliseconds, extra, cut } = await measureCut(text, spill, count, collect)
      const notice = /\[… .*? …\]/.exec(cut)?.[0] ?? '(no notice)'
      rows.push(
        `| ${spill === false ? 'no spill file' : 'spill file on disk'} | ${milliseconds.toFixed(0)} ms | ${(extra / 1e6).toFixed(1)} MB | ${(extra / bytes + 1).toFixed(2)} | ${Buffer.byteLength(cut)} B | \`${notice.replace(folder, '…')}\` |`,
      )
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  return [
    `#### a ${megabytes} MB text result (${bytes} bytes) cut to the default 25,000 tokens`,
    '',
    '| spill | time | most extra memory | copies alive (output = 1) | result | notice |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    await runUnbrokenCuts(count, collect),
  ].join('\n')
}

/**
 * One run without a break, 1 MB and 100 MB, through `execute()` with the default budget and no
 * spill file: `=` (a separator, a progress bar; 1 MB of it is within the budget, counted) and `A`
 * (base64 of zeros). The byte-pair encoder's worst case, as its cost on one run grows with the
 * square of the run's length; SPEC §20 asks the same second of it as of a log.
 */
async function runUnbrokenCuts(
  count: (text: string) => number,
  collect: () => void,
): Promise<string> {
  const rows: string[] = []
  const runs = [
    ['=', 1],
    ['=', 100],
    ['A', 1],
    ['A', 100],
  ] as const
  for (const [unit, megabytes] of runs) {
    // A flat one-byte string, as a child process's output decoded from a Buffer is.
    const text = Buffer.alloc(megabytes * 1_000_000, unit).toString('latin1')
    const { milliseconds, extra, cut } = await measureCut(text, false, count, collect)
    const notice = /\[… .*? …\]/.exec(cut)?.[0] ?? '(no notice)'
    rows.push(
      `| ${megabytes} MB of \`${unit}\` | ${milliseconds.toFixed(0)} ms | ${(extra / 1e6).toFixed(1)} MB | ${(extra / text.length + 1).toFixed(2)} | ${Buffer.byteLength(cut)} B | \`${notice}\` |`,
    )
  }
  return [
    '#### one run without a break cut to the default 25,000 tokens (no spill file)',
    '',
    '| text | time | most extra memory | copies alive (output = 1) | result | notice |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n')
}

export const outputBudgetSuite: Suite = {
  name: 'output-budget',
  comparisons: async () => [
    ...withinBudgetComparisons(),
    ...countingComparisons(await loadO200kTokenCounter()),
  ],
}
