/**
 * What a counted script (`instruction-calls.ts`, `validator-calls.ts`) is run with: its case,
 * how many calls warm up and how many follow, and V8's `gc` (it runs with `--expose-gc`).
 */
export function readCallArguments(script: string): {
  readonly name: string
  readonly warmUp: number
  readonly count: number
  readonly gc: () => void
} {
  const [name = '', warmUpText = '', countText = ''] = process.argv.slice(2)
  const warmUp = Number.parseInt(warmUpText, 10)
  const count = Number.parseInt(countText, 10)
  if (!(warmUp >= 0 && count >= 0)) {
    throw new Error(`usage: ${script} <case> <warmUp> <count>, got "${warmUpText}" "${countText}"`)
  }
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error(`${script} runs with --expose-gc`)
  return { name, warmUp, count, gc }
}
