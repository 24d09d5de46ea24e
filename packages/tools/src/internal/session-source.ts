import { describeValue } from '@toolpipe/core/internal'
import type { ToolSession } from '../tool-session.js'
import type { ToolSource } from './tool-source.js'

/**
 * Reads an adapter's `toolSearch` option, untrusted: a {@link ToolSession} (its three methods), or
 * `undefined` when it is left out. `refuse(message)` makes the adapter's own error.
 */
export function readToolSession(
  value: unknown,
  what: string,
  refuse: (message: string) => Error,
): ToolSession | undefined {
  if (value === undefined) return undefined
  const refused = (): Error =>
    refuse(
      `${what}: toolSearch must be a tool search session (search.session() of @toolpipe/tool-search), got ${describeValue(value)}`,
    )
  if (typeof value !== 'object' || value === null) throw refused()
  const candidate = value as Partial<Record<keyof ToolSession, unknown>>
  for (const method of ['schemas', 'shows', 'execute'] as const) {
    if (typeof candidate[method] !== 'function') throw refused()
  }
  return value as ToolSession
}

/**
 * `source` with its calls run through `session` (SPEC §24): what a `tool_search` call finds is
 * loaded into it; each call still runs for the source's agent, through the whole pipeline.
 */
export function sessionSource(source: ToolSource, session: ToolSession): ToolSource {
  const { agent } = source
  return {
    ...source,
    execute: (input) => session.execute(agent === undefined ? input : { ...input, agent }),
  }
}
