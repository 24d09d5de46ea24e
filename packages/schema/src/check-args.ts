import type { ArgIssue } from './arg-issue.js'
import { collectArgIssues } from './internal/collect-issues.js'
import { compiledSpec } from './internal/compile-spec.js'
import type { SchemaSpec } from './schema-spec.js'

/**
 * Checks a model's arguments against a spec and returns every issue, in declaration order,
 * depth first; an empty array means the arguments are valid. The top level must be a non-null,
 * non-array object; a member present as `undefined` counts as missing; extra keys are allowed;
 * `number` means a finite number; only own properties count as members. At most 100 issues are
 * collected, then one `too_many_issues`; a sparse array is one `sparse_array` issue.
 *
 * Never throws on any `args`: not on any JSON value, not on cycles or deep nesting (the walk
 * follows the spec, so its depth is the spec's), and not on hostile non-JSON values — a getter
 * or Proxy trap that throws gives an `invalid_type` issue with `received: 'unreadable'`. Only an
 * invalid *spec* throws (`SchemaSpecError`), the first time it is used.
 *
 * @example
 * checkArgs({ path: { type: 'string', required: true } }, { path: 42 })
 * // [{ code: 'invalid_type', path: ['path'], expected: 'string', received: 'number',
 * //    message: '"path" must be a string, got number' }]
 */
export function checkArgs(spec: SchemaSpec, args: unknown): ArgIssue[] {
  const compiled = compiledSpec(spec)
  // Stryker disable next-line ConditionalExpression: the fast check only spares the issue walk, which finds nothing on valid arguments
  if (compiled.validator.isValid(args)) return []
  return collectArgIssues(compiled, args)
}
