import { execFile, spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const here = fileURLToPath(new URL('.', import.meta.url))

/**
 * Instructions one process executes, start to exit: `valgrind --tool=callgrind` over this Node.js
 * with `nodeArguments` (run in this folder), its output written to `output`.
 */
export async function countProcess(
  nodeArguments: readonly string[],
  output: string,
): Promise<number> {
  const env = { ...process.env }
  // The suites run under tsx: its loader must not follow into the counted process.
  delete env.NODE_OPTIONS
  await run(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${output}`, process.execPath, ...nodeArguments],
    { cwd: here, env, maxBuffer: 16 * 1024 * 1024 },
  )
  const totals = /^(?:totals|summary): (\d+)/m.exec(await readFile(output, 'utf8'))
  if (totals?.[1] === undefined) throw new Error(`no total in ${output}`)
  return Number(totals[1])
}

/** Runs `work` over `items`, at most `width` at a time (the machine's cores are shared). */
export async function inParallel<TItem, TResult>(
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

export function hasValgrind(): boolean {
  const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' })
  return probe.error === undefined && probe.status === 0
}

/** An instruction count as the tables print it: `15,321`, or `—` when there is none. */
export function formatCount(instructions: number): string {
  return Number.isNaN(instructions) ? '—' : Math.round(instructions).toLocaleString('en-US')
}
