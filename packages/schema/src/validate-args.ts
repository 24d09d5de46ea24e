import type { InferArgs } from './infer-args.js'
import { collectArgIssues } from './internal/collect-issues.js'
import { compiledSpec } from './internal/compile-spec.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'

/**
 * Asserts that `args` match `spec`, narrowing them to {@link InferArgs}; throws
 * {@link ToolArgsError} with every issue `checkArgs` finds otherwise. On valid arguments it
 * allocates nothing: the spec is compiled once per spec object, and issues are only collected
 * after the fast check has failed.
 *
 * @throws {ToolArgsError} code `INVALID_ARGS`, message `invalid arguments: …` for the model
 * @throws {SchemaSpecError} for an invalid spec, the first time it is used
 * @example
 * const spec = { path: { type: 'string', required: true } } as const
 * const args: unknown = JSON.parse(toolCall.arguments)
 * validateArgs(spec, args)
 * args.path // string
 */
export function validateArgs<const TSpec extends SchemaSpec>(
  spec: TSpec,
  args: unknown,
): asserts args is InferArgs<TSpec> {
  const compiled = compiledSpec(spec)
  if (compiled.validator.isValid(args)) return
  const issues = collectArgIssues(compiled, args)
  // Only a value that changes while it is read (a Proxy), or a polluted Object.prototype, can
  // fail the fast check and then show no issue; the collector's reading is the one that counts.
  if (issues.length > 0) throw new ToolArgsError(issues)
}
