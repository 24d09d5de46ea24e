import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

/** What {@link turnOrderTools} returns: the tools, and the log of their starts and ends. */
export interface TurnOrderTools {
  /** `first` (30 ms), `second` and `third` (1 ms each), none `concurrencySafe`. */
  readonly definitions: readonly ToolDefinition[]
  /** `start <name>` and `end <name>`, as they happen. */
  readonly log: string[]
  /** What `log` holds once the three ran one at a time, in the model's order. */
  readonly inModelOrder: readonly string[]
}

/**
 * Three tools a model calls in one step, the first the slowest: when the framework starts all
 * three at once, the log shows whether they still ran one at a time in the model's order
 * (SPEC §12.4): `start first`, `end first`, `start second`, …
 */
export function turnOrderTools(): TurnOrderTools {
  const log: string[] = []
  const definitions = (
    [
      ['first', 30],
      ['second', 1],
      ['third', 1],
    ] as const
  ).map(([name, ms]) =>
    defineTool({
      name,
      description: name,
      parameters: {},
      async execute() {
        log.push(`start ${name}`)
        await new Promise((resolve) => setTimeout(resolve, ms))
        log.push(`end ${name}`)
        return [{ type: 'text', text: name }]
      },
    }),
  )
  const inModelOrder = ['first', 'second', 'third'].flatMap((name) => [
    `start ${name}`,
    `end ${name}`,
  ])
  return { definitions, log, inModelOrder }
}
