import type { JsonValue } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'

/**
 * A check that also produces what the body receives (a Standard Schema's output, SPEC §10):
 * `accept` is called with it when the arguments pass. Step 4 runs it in place of the `checkArgs`
 * it is attached to, so that the output reaches the body through the execution, without a
 * second validation.
 */
export type ParseArgs = (
  args: JsonValue,
  accept: (value: unknown) => void,
) => ArgIssue[] | Promise<ArgIssue[]>

/** The key of the parser on a `checkArgs` function: private to this package, so unforgeable. */
const parserKey = Symbol('toolpipe parse args')

/** `check`, with `parse` attached (and then frozen). */
export function withParser<TCheck extends (args: JsonValue) => unknown>(
  check: TCheck,
  parse: ParseArgs,
): TCheck {
  Object.defineProperty(check, parserKey, { value: parse })
  return Object.freeze(check)
}

/** The parser attached to a definition's `checkArgs` by {@link withParser}; `undefined` otherwise. */
export function parserOf(check: unknown): ParseArgs | undefined {
  if (typeof check !== 'function') return undefined
  const parse: unknown = Object.getOwnPropertyDescriptor(check, parserKey)?.value
  // Stryker disable next-line ConditionalExpression: only withParser defines the private key, always with a function; without it the value is undefined either way
  return typeof parse === 'function' ? (parse as ParseArgs) : undefined
}
