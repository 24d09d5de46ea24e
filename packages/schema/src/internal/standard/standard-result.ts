import { snapshotJson } from '@toolpipe/core'
import { describeThrown, describeValue, isPlainObject } from '@toolpipe/core/internal'
import { issueLimit } from '@toolpipe/structured-output/internal'
import type { ArgIssue } from '../../arg-issue.js'
import { StandardSchemaError } from '../../standard-schema-error.js'

/** What a Standard Schema's `validate` said, in toolpipe's terms. */
export type StandardArgsResult<TOutput> =
  | { readonly value: TOutput; readonly issues?: undefined }
  | { readonly issues: readonly ArgIssue[] }

/**
 * Reads what a Standard Schema's `validate` returned (settled): a success `{ value }` (any
 * `issues` member falsy), or a failure whose issues become {@link ArgIssue}s: `path` from the
 * issue's path segments, code `invalid`, `message` as the library gave it (SPEC §10; the place is
 * added where the model reads it, in `ToolArgsError`'s message). Each member is read once. At
 * most `issueLimit` (100) issues are read, then one `too_many_issues` stands for the rest: a
 * hostile schema cannot make a list of unbounded size.
 *
 * @throws {StandardSchemaError} `VALIDATE_FAILED` for anything that is not a Standard result
 */
export function readStandardResult(vendor: string, result: unknown): StandardArgsResult<unknown> {
  try {
    if (typeof result !== 'object' || result === null) throw garbage(vendor, result)
    const issues: unknown = (result as { issues?: unknown }).issues
    if (!issues) {
      if (!('value' in result)) throw garbage(vendor, result)
      return { value: result.value }
    }
    return { issues: readIssues(vendor, issues) }
  } catch (error) {
    if (error instanceof StandardSchemaError) throw error
    throw new StandardSchemaError(
      `the ${vendor} schema's validate returned a result that could not be read: ${describeThrown(error)}`,
      'VALIDATE_FAILED',
      { cause: error },
    )
  }
}

function garbage(vendor: string, result: unknown): StandardSchemaError {
  return new StandardSchemaError(
    `the ${vendor} schema's validate returned ${describeValue(result)}; expected a Standard Schema result ({ value } or { issues })`,
    'VALIDATE_FAILED',
  )
}

function readIssues(vendor: string, issues: unknown): ArgIssue[] {
  if (!Array.isArray(issues)) {
    throw new StandardSchemaError(
      `the ${vendor} schema's validate returned issues that are ${describeValue(issues)}, not an array`,
      'VALIDATE_FAILED',
    )
  }
  const length = issues.length
  if (length === 0) {
    // Standard Schema: any truthy `issues` is a failure; the model still needs words.
    return [invalid(vendor, [], `the arguments were rejected by ${vendor}, which gave no reason`)]
  }
  const read: ArgIssue[] = []
  for (let index = 0; index < Math.min(length, issueLimit); index++) {
    read.push(readIssue(vendor, issues[index] as unknown, index))
  }
  if (length > issueLimit) {
    read.push({
      code: 'too_many_issues',
      path: [],
      message: `more than ${issueLimit} issues: the first ${issueLimit} are listed`,
      limit: issueLimit,
    })
  }
  return read
}

function readIssue(vendor: string, issue: unknown, index: number): ArgIssue {
  const fault = (what: string): StandardSchemaError =>
    new StandardSchemaError(
      `the ${vendor} schema's validate returned issue ${index} with ${what}; expected { message: string, path?: (key | { key })[] }`,
      'VALIDATE_FAILED',
    )
  if (typeof issue !== 'object' || issue === null) throw fault(`the value ${describeValue(issue)}`)
  const { message, path } = issue as { message?: unknown; path?: unknown }
  if (typeof message !== 'string') throw fault(`a message that is ${describeValue(message)}`)
  const keys = readPath(path, fault)
  // toolpipe's own `standardSchema(spec)` reports `checkArgs` issues: kept whole, code and all.
  if (vendor === 'toolpipe') {
    const code = (issue as { code?: unknown }).code
    if (typeof code === 'string' && code !== 'invalid' && isPlainObject(issue)) {
      try {
        return snapshotJson(issue) as unknown as ArgIssue
      } catch {
        // Not JSON data: worded as any other library's issue below.
      }
    }
  }
  return invalid(vendor, keys, message)
}

function readPath(
  path: unknown,
  fault: (what: string) => StandardSchemaError,
): (string | number)[] {
  if (path === undefined || path === null) return []
  if (!Array.isArray(path)) throw fault(`a path that is ${describeValue(path)}`)
  const keys: (string | number)[] = []
  for (let index = 0; index < path.length; index++) {
    const segment: unknown = path[index]
    // A segment is a key, or a `{ key }` object (valibot writes those).
    const key: unknown =
      typeof segment === 'object' && segment !== null ? (segment as { key?: unknown }).key : segment
    if (typeof key === 'string') keys.push(key)
    else if (Number.isSafeInteger(key) && (key as number) >= 0) keys.push(key as number)
    else
      throw fault(`a path segment ${index} that is ${describeValue(key)}, not a JSON key or index`)
  }
  return keys
}

function invalid(vendor: string, path: (string | number)[], message: string): ArgIssue {
  return { code: 'invalid', path, message, reason: message, vendor }
}
