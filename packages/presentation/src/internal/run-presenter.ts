/** The name to title a fallback card with when a tool's `name` is not a readable string. */
export const unnamedTool = '<unnamed tool>'

/** Reads `tool.name`; never throws, whatever `tool` is. */
export function toolName(tool: unknown): string {
  const name = readProperty(tool, 'name')
  return typeof name === 'string' ? name : unnamedTool
}

/** Reads one property of anything, once; `undefined` for non-objects and throwing getters. */
export function readProperty(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/**
 * Calls the presenter a tool has under `key` with `this` bound to the tool, and returns what it
 * returned; `undefined` when there is no presenter or it threw. Never throws.
 */
export function runPresenter(tool: unknown, key: string, args: readonly unknown[]): unknown {
  const presenter = readProperty(tool, key)
  if (typeof presenter !== 'function') return undefined
  let output: unknown
  try {
    output = Reflect.apply(presenter, tool, args) as unknown
  } catch {
    return undefined
  }
  ignoreRejection(output)
  return output
}

/**
 * An async presenter returns a promise, which is not a card. If it rejects, nothing else would
 * ever handle it, and Node ends the process on an unhandled rejection: handle it here.
 */
function ignoreRejection(output: unknown): void {
  try {
    if (output instanceof Promise) {
      ;(output as Promise<unknown>).then(undefined, () => undefined)
    }
  } catch {
    // A promise whose `then` or `constructor` getter throws has already done its worst.
  }
}
