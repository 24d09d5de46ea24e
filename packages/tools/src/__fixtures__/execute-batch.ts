import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from './tools.js'
import { createToolRegistry } from '../tool-registry.js'
import type { ToolExecution } from '../tool-execution.js'

/** A promise the test resolves when it chooses. */
export interface Deferred {
  readonly promise: Promise<void>
  resolve(): void
}

/**
 * Lets every pending promise callback run: a macrotask comes only after the microtask queue is
 * empty. Ordering, not timing: nothing here waits for a clock.
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(resolve)
  })
}

/** A fresh {@link Deferred}. */
export function deferred(): Deferred {
  let resolve = (): void => undefined
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * A registry with a safe tool `read` and an unsafe tool `write`. Each call waits for the deferred
 * named by its `id` argument; `events` records `start id` and `end id` in the order they happen.
 */
export function batchRegistry() {
  const registry = createToolRegistry()
  const gates = new Map<string, Deferred>()
  const events: string[] = []
  const signals = new Map<string, AbortSignal | undefined>()
  const gate = (id: string): Deferred => {
    let found = gates.get(id)
    if (found === undefined) {
      found = deferred()
      gates.set(id, found)
    }
    return found
  }
  const body = async (args: unknown, exec: ToolExecution) => {
    const { id } = args as { id: string }
    events.push(`start ${id}`)
    signals.set(id, exec.signal)
    await gate(id).promise
    events.push(`end ${id}`)
    return [text(`done ${id}`)]
  }
  registry.register(tool('read', body, { concurrencySafe: true }))
  registry.register(tool('write', body))
  const open = async (id: string) => {
    gate(id).resolve()
    await settle()
  }
  return { registry, events, signals, open }
}

/** A call of the safe tool, held until `open(id)`. */
export const read = (id: string) => callInput('read', { id })

/** A call of the unsafe tool, held until `open(id)`. */
export const write = (id: string) => callInput('write', { id })
