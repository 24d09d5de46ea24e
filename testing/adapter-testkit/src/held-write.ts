import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

/** What {@link heldWrite} returns: the tool, the paths its body ran for, and its release. */
export interface HeldWrite {
  /** `write` (`{ path }`), not `concurrencySafe`: its calls take turns. */
  readonly definition: ToolDefinition
  /** The `path` of every call whose body ran, in order. */
  readonly ran: string[]
  /** Lets the held call (the one for `first`) end; call it once that call has started. */
  finish(): void
}

/**
 * A `write` tool whose call for the path `first` holds until `finish()`: a second call, made
 * while the first runs, waits its turn (SPEC §12.4), which is what a test of a call cancelled
 * while it waits needs.
 */
export function heldWrite(): HeldWrite {
  const ran: string[] = []
  let release: (() => void) | undefined
  const definition = defineTool({
    name: 'write',
    description: 'Write.',
    parameters: { path: { type: 'string', required: true } },
    async execute({ path }) {
      ran.push(path)
      if (path === 'first') {
        await new Promise<void>((resolve) => {
          release = resolve
        })
      }
      return [{ type: 'text', text: path }]
    },
  })
  return {
    definition,
    ran,
    finish: () => {
      if (release === undefined) throw new Error('heldWrite: the call for "first" has not started')
      release()
    },
  }
}
