import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import type { SchemaSpec } from './schema-spec.js'

/** SPEC §9.2: what an `invalid_union` says, which is all a model has to correct its call. */

const wide = {
  edit: {
    anyOf: [
      {
        type: 'object',
        properties: {
          a: { type: 'string', required: true },
          b: { type: 'string', required: true },
          c: { type: 'string', required: true },
          d: { type: 'string', required: true },
        },
      },
      {
        type: 'object',
        properties: {
          x: { type: 'integer', required: true },
          y: { type: 'integer', required: true },
          z: { type: 'integer', required: true },
        },
      },
      { type: 'string' },
    ],
  },
} as const satisfies SchemaSpec

describe('checkArgs: the message of an invalid_union', () => {
  it('quotes at most three issues of a member, then an ellipsis; keeps them all', () => {
    const [issue] = checkArgs(wide, { edit: {} })
    expect(issue?.message).toBe(
      '"edit" matches none of the 3 members of its anyOf: ' +
        '(1) missing required property "edit.a", missing required property "edit.b", missing required property "edit.c", …; ' +
        '(2) missing required property "edit.x", missing required property "edit.y", missing required property "edit.z"; ' +
        '(3) "edit" must be a string, got object',
    )
    expect(
      issue?.code === 'invalid_union' && issue.alternatives.map((issues) => issues.length),
    ).toEqual([4, 3, 1])
  })

  it('quotes the members when one refused a value below it, not the value’s type', () => {
    const spec = {
      target: {
        anyOf: [
          { type: 'object', properties: { line: { type: 'integer', required: true } } },
          { type: 'string' },
        ],
      },
    } as const satisfies SchemaSpec
    expect(checkArgs(spec, { target: { line: 'x' } })).toMatchObject([
      {
        code: 'invalid_union',
        path: ['target'],
        message:
          '"target" matches none of the 2 members of its anyOf: (1) "target.line" must be an integer, got string; (2) "target" must be a string, got object',
      },
    ])
  })

  it('names each type once when members refuse the type alone', () => {
    const spec = {
      id: {
        anyOf: [
          { type: 'string' },
          { type: 'string', minLength: 3 },
          { type: 'integer', nullable: true },
        ],
      },
    } as const satisfies SchemaSpec
    expect(checkArgs(spec, { id: true })).toMatchObject([
      {
        code: 'invalid_union',
        message: '"id" must be a string or an integer or null, got boolean',
      },
    ])
  })
})
