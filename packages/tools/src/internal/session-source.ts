import { describeValue } from '@toolpipe/core/internal'
import type { ToolSession } from '../tool-session.js'
import type { ToolSource } from './tool-source.js'

/**
 * Reads an adapter's `toolSearch` option, untrusted: a {@link ToolSession} (its three methods),
 * a {@link ToolSessionSource} (a `ToolSearch`: its `session()` is called once, and what it returns
 * must be a session), or `undefined` when it is left out. `refuse(message)` makes the adapter's
 * own error; a getter or `session()` that throws is refused with it too.
 */
export function readToolSession(
  value: unknown,
  what: string,
  refuse: (message: string) => Error,
): ToolSession | undefined {
  if (value === undefined) return undefined
  const refused = (detail = describeValue(value)): Error =>
    refuse(
      `${what}: toolSearch must be a tool search or one of its sessions (toolSearch(registry) or search.session() of @toolpipe/tool-search), got ${detail}`,
    )
  let opened: unknown = notASource
  try {
    if (isSession(value)) return value
    const open =
      typeof value === 'object' && value !== null ? readMember(value, 'session') : undefined
    if (typeof open === 'function') {
      opened = Reflect.apply(open, value, [])
      if (isSession(opened)) return opened
    }
  } catch (error) {
    throw refused(`a value that threw when read (${describeValue(error)})`)
  }
  throw opened === notASource
    ? refused()
    : refused(`a session() that returned ${describeValue(opened)}`)
}

/** What {@link readToolSession} opened when the value has no `session()` to call. */
const notASource = Symbol('not a session source')

function isSession(value: unknown): value is ToolSession {
  if (typeof value !== 'object' || value === null) return false
  return (['schemas', 'shows', 'execute'] as const).every(
    (method) => typeof readMember(value, method) === 'function',
  )
}

function readMember(value: object, key: string): unknown {
  return (value as Readonly<Record<string, unknown>>)[key]
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
