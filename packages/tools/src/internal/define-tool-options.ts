import { describeValue } from '@toolpipe/core/internal'
import { ToolRegistryError } from '../tool-registry-error.js'
import { assertToolName } from './check-definition.js'
import { readToolMembers, readToolName } from './read-tool-members.js'

/** What `defineTool` reads of its options, besides the name. */
const defineToolKeys = [
  'description',
  'parameters',
  'timeoutMs',
  'outputSchema',
  'annotations',
  'permissions',
  'maxOutputTokens',
  'deferLoading',
  'searchText',
  'concurrencySafe',
  'execute',
  'checkArgs',
  'presentCall',
  'presentResult',
] as const

/**
 * `defineTool`'s options, each member read once, so that what is checked is what the definition
 * holds: the name first, checked, then the rest, `execute` a function and each other method
 * absent or one. What a getter or Proxy trap keeps from being read is `INVALID_TOOL` naming it,
 * never the raw error (SPEC §11).
 */
export function readDefineToolOptions<
  TOptions extends Partial<Record<(typeof defineToolKeys)[number], unknown>>,
>(options: TOptions): { name: string; members: Pick<TOptions, (typeof defineToolKeys)[number]> } {
  const name = readToolName(options, 'the defineTool options')
  assertToolName(name)
  const members = readToolMembers(options, defineToolKeys, `tool "${name}": `)
  assertMethods(name, members)
  return { name, members }
}

/**
 * Throws (`INVALID_TOOL`) unless `execute` is a function, each other method absent or one, and
 * the description a string (what `register` refuses is refused at definition time).
 */
function assertMethods(name: string, members: Readonly<Record<string, unknown>>): void {
  const refuse = (what: string, value: unknown): never => {
    throw new ToolRegistryError(
      `tool "${name}": ${what}, got ${describeValue(value)}`,
      'INVALID_TOOL',
    )
  }
  for (const method of ['execute', 'checkArgs', 'presentCall', 'presentResult']) {
    const value = members[method]
    if (typeof value === 'function' || (method !== 'execute' && value === undefined)) continue
    refuse(`${method} must be a function${method === 'execute' ? '' : ' when present'}`, value)
  }
  if (typeof members.description !== 'string') {
    refuse('description must be a string', members.description)
  }
}
