import { defineTool } from '@toolpipe/tools'
import type { Disposer, ToolExecution, ToolRegistry } from '@toolpipe/tools'
import { vi } from 'vitest'

/** The served registry's server info. */
export const info = { name: 'harness', version: '2.0.0' }

/** A `read_file` tool of the DSL, whose path must not be empty. */
export const readFile = defineTool({
  name: 'read_file',
  description: 'Read a text file.',
  parameters: { path: { type: 'string', required: true, minLength: 1 } },
  execute: async ({ path }) => [{ type: 'text', text: `contents of ${path}` }],
})

/** A hand-written tool answering `<name> ran`, running `run` first. */
export function plainTool(name: string, run?: (exec: ToolExecution) => Promise<unknown>) {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object' as const, properties: {} },
    execute: async (_args: unknown, exec: ToolExecution) => {
      if (run !== undefined) await run(exec)
      return [{ type: 'text' as const, text: `${name} ran` }]
    },
  }
}

/** Records the disposers `registry.on` hands out, and whether each was called. */
export function spyOnListeners(registry: ToolRegistry): { live: () => number } {
  const disposers: { disposed: boolean }[] = []
  const on = registry.on.bind(registry)
  vi.spyOn(registry, 'on').mockImplementation((event, listener, options) => {
    const dispose: Disposer = on(event, listener, options)
    const entry = { disposed: false }
    disposers.push(entry)
    return () => {
      entry.disposed = true
      dispose()
    }
  })
  return { live: () => disposers.filter((entry) => !entry.disposed).length }
}
