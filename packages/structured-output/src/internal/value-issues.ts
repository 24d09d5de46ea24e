import { describeThrown, formatJsonPath } from '@toolpipe/core'
import type { StructuredIssue } from '../structured-issue.js'
import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'
import {
  booleanCode,
  enumIncludes,
  integerCode,
  nullCode,
  numberCode,
  stringCode,
} from './compiled-node.js'
import type { CompiledNode } from './compiled-node.js'
import { describeValue } from './describe-value.js'
import type { ValueRun } from './value-run.js'

// The issues of `validateStructuredValue`. Only reached when something is wrong, so they may
// allocate freely; the checks themselves live in check-value.ts.

const article: Record<StructuredSchemaType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
}

/** Works out why a scalar node refused `value`. */
export function scalarIssue(
  node: CompiledNode,
  value: unknown,
  depth: number,
  run: ValueRun,
): void {
  const typed =
    node.typeCode === stringCode
      ? typeof value === 'string'
      : node.typeCode === numberCode
        ? typeof value === 'number' && Number.isFinite(value)
        : node.typeCode === integerCode
          ? Number.isInteger(value)
          : node.typeCode === booleanCode
            ? typeof value === 'boolean'
            : node.typeCode === nullCode && value === null
  if (!typed) {
    typeIssue(node.type, value, depth, run)
    return
  }
  const scalar = value as StructuredScalar
  if (node.hasEnum && !enumIncludes(node, scalar)) enumIssue(node, scalar, depth, run)
  if (node.hasConst && scalar !== node.constValue) constIssue(node, scalar, depth, run)
}

/** The value at `depth` is not of the `expected` type. */
export function typeIssue(
  expected: StructuredSchemaType,
  value: unknown,
  depth: number,
  run: ValueRun,
): void {
  const received = describeValue(value)
  const got = received === 'number' && expected === 'integer' ? String(value) : received
  pushIssue(run, {
    code: 'invalid_type',
    path: pathTo(run, depth),
    message: `${place(run, depth)} must be ${article[expected]}, got ${got}`,
    expected,
    received,
  })
}

/** Required member `key` of the object at `depth` is missing. */
export function missingIssue(key: string, depth: number, run: ValueRun): void {
  const path = pathTo(run, depth)
  const where = depth === 0 ? '' : ` in ${place(run, depth)}`
  path.push(key)
  pushIssue(run, {
    code: 'missing',
    path,
    message: `missing required property ${JSON.stringify(key)}${where}`,
  })
}

/** Member `key` of the closed object at `depth` is not in its `properties`. */
export function unknownPropertyIssue(key: string, depth: number, run: ValueRun): void {
  const path = pathTo(run, depth)
  const where = depth === 0 ? '' : ` in ${place(run, depth)}`
  path.push(key)
  pushIssue(run, {
    code: 'unknown_property',
    path,
    message: `unknown property ${JSON.stringify(key)}${where} (additional properties are not allowed)`,
  })
}

function enumIssue(
  node: CompiledNode,
  received: StructuredScalar,
  depth: number,
  run: ValueRun,
): void {
  const allowed = node.enumValues.map((member) => JSON.stringify(member)).join(', ')
  pushIssue(run, {
    code: 'invalid_enum',
    path: pathTo(run, depth),
    message: `${place(run, depth)} must be one of ${allowed}, got ${JSON.stringify(received)}`,
    expected: Object.freeze([...node.enumValues]),
    received,
  })
}

function constIssue(
  node: CompiledNode,
  received: StructuredScalar,
  depth: number,
  run: ValueRun,
): void {
  pushIssue(run, {
    code: 'invalid_const',
    path: pathTo(run, depth),
    message: `${place(run, depth)} must be ${JSON.stringify(node.constValue)}, got ${JSON.stringify(received)}`,
    expected: node.constValue,
    received,
  })
}

/** Reading the container at `depth` (member `key`, when known) threw. */
export function unreadableIssue(
  error: unknown,
  key: string | number | undefined,
  depth: number,
  run: ValueRun,
): void {
  const path = pathTo(run, depth)
  if (key !== undefined) path.push(key)
  pushIssue(run, {
    code: 'not_json',
    path,
    message: `${formatPlace(path)} could not be read (a getter or Proxy threw: ${describeThrown(error)})`,
  })
}

function pushIssue(run: ValueRun, issue: StructuredIssue): void {
  run.issues.push(issue)
}

function pathTo(run: ValueRun, depth: number): (string | number)[] {
  return run.keys.slice(0, depth)
}

function place(run: ValueRun, depth: number): string {
  return formatPlace(run.keys.slice(0, depth))
}

function formatPlace(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the value' : JSON.stringify(formatJsonPath(path, ''))
}

/** The array at `depth` has a hole at `index`. */
export function sparseArrayIssue(index: number, depth: number, run: ValueRun): void {
  pushIssue(run, {
    code: 'not_json',
    path: pathTo(run, depth),
    message: `${place(run, depth)} is a sparse array (no element at index ${index}); arrays must be dense`,
  })
}

/** The container at `depth` is the same object as its ancestor at `level`. */
export function cycleIssue(level: number, depth: number, run: ValueRun): void {
  pushIssue(run, {
    code: 'not_json',
    path: pathTo(run, depth),
    message: `${place(run, depth)} refers back to ${formatPlace(run.keys.slice(0, level))}, which encloses it (a cycle is not JSON)`,
  })
}
