import type { StructuredOutputSchema, StructuredSubschema } from '../structured-schema.js'
import { validateBothWays } from './validate-both-ways.js'

/** A schema with one required member `a` of the given node. */
export function member(node: StructuredSubschema): StructuredOutputSchema {
  return { type: 'object', properties: { a: node }, required: ['a'] }
}

/** The issue codes and paths, for compact assertions. */
export function found(schema: StructuredOutputSchema, value: unknown): [string, unknown[]][] {
  return validateBothWays(schema, value).map((issue) => [issue.code, [...issue.path]])
}

/** The issues of `{ a: value }` against `{ a: node }`. */
export function issuesOf(node: StructuredSubschema, value: unknown) {
  return validateBothWays(member(node), { a: value })
}
