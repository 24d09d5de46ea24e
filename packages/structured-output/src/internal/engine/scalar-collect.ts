import type { StructuredScalar } from '../../structured-schema.js'
import type { TypedNodeDefinition } from '../node-definition.js'
import { codePointLength } from './code-point-length.js'
import type { IssueRun } from './issue-run.js'
import { pathTo, record } from './issue-run.js'
import { isEnumMember } from './node-check.js'
import { hasScalarType } from './type-test.js'

/**
 * Records every issue of a scalar node's `value` at `depth`: a value of the wrong type gets only
 * `invalid_type`; otherwise each keyword that refuses it gets its own issue.
 */
export function collectScalar(
  node: TypedNodeDefinition,
  value: unknown,
  depth: number,
  run: IssueRun,
): void {
  if (!hasScalarType(node, value)) {
    record(run, { code: 'invalid_type', path: pathTo(run, depth), node, value })
    return
  }
  const scalar = value as StructuredScalar
  if (node.enumValues !== undefined && !isEnumMember(node.enumValues, scalar)) {
    record(run, { code: 'invalid_enum', path: pathTo(run, depth), node, value: scalar })
  }
  if (node.hasConst && scalar !== node.constValue) {
    record(run, { code: 'invalid_const', path: pathTo(run, depth), node, value: scalar })
  }
  if (typeof scalar === 'number') collectNumber(node, scalar, depth, run)
  else if (typeof scalar === 'string') collectString(node, scalar, depth, run)
}

function collectNumber(
  node: TypedNodeDefinition,
  value: number,
  depth: number,
  run: IssueRun,
): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node
  if (minimum !== undefined && value < minimum) {
    record(run, {
      code: 'below_minimum',
      path: pathTo(run, depth),
      node,
      value,
      limit: minimum,
      exclusive: false,
    })
  }
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) {
    record(run, {
      code: 'below_minimum',
      path: pathTo(run, depth),
      node,
      value,
      limit: exclusiveMinimum,
      exclusive: true,
    })
  }
  if (maximum !== undefined && value > maximum) {
    record(run, {
      code: 'above_maximum',
      path: pathTo(run, depth),
      node,
      value,
      limit: maximum,
      exclusive: false,
    })
  }
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) {
    record(run, {
      code: 'above_maximum',
      path: pathTo(run, depth),
      node,
      value,
      limit: exclusiveMaximum,
      exclusive: true,
    })
  }
}

function collectString(
  node: TypedNodeDefinition,
  value: string,
  depth: number,
  run: IssueRun,
): void {
  const { minLength, maxLength, pattern } = node
  if (minLength !== undefined || maxLength !== undefined) {
    const length = codePointLength(value)
    if (minLength !== undefined && length < minLength) {
      record(run, {
        code: 'too_short',
        path: pathTo(run, depth),
        node,
        value,
        limit: minLength,
        length,
      })
    }
    if (maxLength !== undefined && length > maxLength) {
      record(run, {
        code: 'too_long',
        path: pathTo(run, depth),
        node,
        value,
        limit: maxLength,
        length,
      })
    }
  }
  if (pattern !== undefined && !pattern.expression.test(value)) {
    record(run, { code: 'pattern_mismatch', path: pathTo(run, depth), node, value })
  }
}
