import { isHarnessError } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { SchemaSpecError } from './schema-spec-error.js'
import type { SchemaSpecMistake } from './schema-spec-error.js'

/** Runs assertValidSchemaSpec expecting a refusal, and returns the error. */
function refusal(spec: unknown): SchemaSpecError {
  try {
    assertValidSchemaSpec(spec)
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaSpecError)
    return error as SchemaSpecError
  }
  throw new Error('expected assertValidSchemaSpec to refuse the spec')
}

/** The single mistake of a spec with one mistake. */
function mistakeOf(spec: unknown): SchemaSpecMistake {
  const { mistakes } = refusal(spec)
  expect(mistakes).toHaveLength(1)
  return mistakes[0]!
}

describe('assertValidSchemaSpec accepts', () => {
  it('every type, with every keyword where it belongs', () => {
    expect(() => {
      assertValidSchemaSpec({
        path: { type: 'string', required: true, description: 'file', default: 'a.txt' },
        mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' },
        count: { type: 'number', default: -2.5 },
        force: { type: 'boolean', default: false },
        options: { type: 'object', default: { anything: [1] } },
        list: { type: 'array', default: [1, 'x'] },
        nested: {
          type: 'object',
          properties: { inner: { type: 'number', required: true } },
          default: { inner: 1 },
        },
        edits: {
          type: 'array',
          items: { type: 'object', required: true, properties: { path: { type: 'string' } } },
          default: [{ path: 'a' }],
        },
        nothing: { type: 'object', properties: {} },
      })
    }).not.toThrow()
  })

  it('the empty spec', () => {
    expect(() => {
      assertValidSchemaSpec({})
    }).not.toThrow()
  })

  it('a keyword, or a property, whose value is undefined, as if it were absent', () => {
    expect(() => {
      assertValidSchemaSpec({
        a: { type: 'string', enum: undefined, required: undefined },
        b: undefined,
      })
    }).not.toThrow()
  })

  it('the same prop object in two sibling places (shared, not cyclic)', () => {
    const shared = { type: 'string' }
    expect(() => {
      assertValidSchemaSpec({ a: shared, b: shared, c: { type: 'array', items: shared } })
    }).not.toThrow()
  })

  it('property names "" and __proto__: SPEC §3 lists no such mistake (check-args.names.test.ts)', () => {
    expect(() => {
      assertValidSchemaSpec(JSON.parse('{"__proto__": {"type": "string"}, "": {"type": "number"}}'))
    }).not.toThrow()
  })

  it('keys such as constructor and toString', () => {
    expect(() => {
      assertValidSchemaSpec({ constructor: { type: 'string' }, toString: { type: 'number' } })
    }).not.toThrow()
  })
})

describe('assertValidSchemaSpec refuses, with the path and a clear message', () => {
  it('a spec that is not an object of properties', () => {
    expect(mistakeOf(null)).toEqual({
      path: [],
      message: 'spec must be an object of properties, got null',
    })
    expect(mistakeOf([]).message).toBe('spec must be an object of properties, got an array')
    expect(mistakeOf('x').message).toBe('spec must be an object of properties, got "x"')
  })

  it('a property that is not an object', () => {
    expect(mistakeOf({ path: 'string' })).toEqual({
      path: ['path'],
      message: `spec.path must be a property object such as { type: 'string' }, got "string"`,
    })
  })

  it('an unknown or missing type', () => {
    expect(mistakeOf({ path: { type: 'text' } })).toEqual({
      path: ['path', 'type'],
      message:
        'spec.path.type must be one of "string", "number", "integer", "boolean", "object", "array", got "text"',
    })
    expect(mistakeOf({ path: { type: 'int' } }).path).toEqual(['path', 'type'])
    expect(mistakeOf({ path: { type: ['string'] } }).message).toContain('got an array')
    expect(mistakeOf({ path: { required: true } })).toEqual({
      path: ['path', 'type'],
      message:
        'spec.path.type is missing: one of "string", "number", "integer", "boolean", "object", "array" (or give the prop an anyOf)',
    })
  })

  it('an enum off a string, number or integer prop, and members of another type (SPEC §9.2)', () => {
    expect(mistakeOf({ flag: { type: 'boolean', enum: [true] } })).toEqual({
      path: ['flag', 'enum'],
      message:
        'spec.flag.enum is only allowed on types "string", "number" and "integer", not "boolean"',
    })
    expect(mistakeOf({ mode: { type: 'number', enum: ['1'] } })).toEqual({
      path: ['mode', 'enum', 0],
      message: 'spec.mode.enum[0] must be a finite number, got "1"',
    })
    expect(mistakeOf({ level: { type: 'integer', enum: [1, 1.5] } })).toEqual({
      path: ['level', 'enum', 1],
      message: 'spec.level.enum[1] must be an integer, got 1.5',
    })
  })

  it('an empty enum, an enum that is not an array, and non-string members', () => {
    expect(mistakeOf({ mode: { type: 'string', enum: [] } })).toEqual({
      path: ['mode', 'enum'],
      message: 'spec.mode.enum must list at least one value',
    })
    expect(mistakeOf({ mode: { type: 'string', enum: 'a' } }).message).toBe(
      'spec.mode.enum must be an array of strings, got "a"',
    )
    expect(refusal({ mode: { type: 'string', enum: ['a', 1, null] } }).mistakes).toEqual([
      { path: ['mode', 'enum', 1], message: 'spec.mode.enum[1] must be a string, got 1' },
      { path: ['mode', 'enum', 2], message: 'spec.mode.enum[2] must be a string, got null' },
    ])
  })

  it('properties off an object prop, and properties that are not a spec', () => {
    expect(mistakeOf({ a: { type: 'array', properties: {} } })).toEqual({
      path: ['a', 'properties'],
      message: 'spec.a.properties is only allowed on type "object", not "array"',
    })
    expect(mistakeOf({ a: { type: 'object', properties: [] } })).toEqual({
      path: ['a', 'properties'],
      message: 'spec.a.properties must be an object of properties, got an array',
    })
  })

  it('items off an array prop, and items that are not a prop', () => {
    expect(mistakeOf({ a: { type: 'object', items: { type: 'string' } } })).toEqual({
      path: ['a', 'items'],
      message: 'spec.a.items is only allowed on type "array", not "object"',
    })
    expect(mistakeOf({ a: { type: 'array', items: 'string' } }).message).toBe(
      `spec.a.items must be a property object such as { type: 'string' }, got "string"`,
    )
  })

  it('required other than true', () => {
    expect(mistakeOf({ a: { type: 'string', required: false } })).toEqual({
      path: ['a', 'required'],
      message: 'spec.a.required must be true or left out, got false',
    })
    expect(mistakeOf({ a: { type: 'string', required: 'yes' } }).message).toBe(
      'spec.a.required must be true or left out, got "yes"',
    )
  })

  it('a description that is not a string', () => {
    expect(mistakeOf({ a: { type: 'string', description: 5 } })).toEqual({
      path: ['a', 'description'],
      message: 'spec.a.description must be a string, got 5',
    })
  })

  it('a default that does not match its own prop', () => {
    expect(mistakeOf({ a: { type: 'string', default: 5 } })).toEqual({
      path: ['a', 'default'],
      message:
        'spec.a.default does not match its own property: the value must be a string, got number',
    })
    expect(mistakeOf({ mode: { type: 'string', enum: ['x'], default: 'y' } }).message).toBe(
      'spec.mode.default does not match its own property: the value must be one of "x", got "y"',
    )
    const nested = {
      type: 'object',
      properties: {
        inner: { type: 'number', required: true },
        list: { type: 'array', items: { type: 'boolean' } },
      },
      default: { list: [true, 'no'] },
    }
    expect(mistakeOf({ nested }).message).toBe(
      'spec.nested.default does not match its own property: missing required property "inner"; ' +
        '"list[1]" must be a boolean, got string',
    )
  })

  it('a default that is not JSON', () => {
    expect(mistakeOf({ a: { type: 'number', default: NaN } })).toEqual({
      path: ['a', 'default'],
      message: 'spec.a.default is not JSON: NaN is not a finite number',
    })
    expect(mistakeOf({ a: { type: 'number', default: -0 } }).message).toBe(
      'spec.a.default is not JSON: -0 is not representable in JSON (it would come back as 0)',
    )
    expect(mistakeOf({ a: { type: 'object', default: { when: new Date(0) } } }).message).toBe(
      'spec.a.default is not JSON at default.when: an instance of Date is not a plain object',
    )
  })

  it('a keyword the DSL does not have', () => {
    expect(mistakeOf({ a: { type: 'string', format: 'email' } })).toEqual({
      path: ['a', 'format'],
      message:
        'spec.a.format is not a keyword of the schema DSL (use type, required, description, nullable, default, enum, minLength, maxLength, pattern, minimum, maximum, exclusiveMinimum, exclusiveMaximum, properties, items, minItems, maxItems, anyOf)',
    })
  })

  it('a mistake below a property named __proto__ or "", at its path', () => {
    expect(mistakeOf(JSON.parse('{"__proto__": {"type": "text"}}'))).toMatchObject({
      path: ['__proto__', 'type'],
    })
    expect(mistakeOf({ '': { type: 'string', required: false } })).toEqual({
      path: ['', 'required'],
      message: 'spec[""].required must be true or left out, got false',
    })
  })

  it('a cyclic spec, through properties or items, without overflowing the stack', () => {
    const node: Record<string, unknown> = { type: 'object' }
    node.properties = { child: node }
    expect(mistakeOf({ node })).toEqual({
      path: ['node', 'properties', 'child'],
      message: 'spec.node.properties.child refers back to spec.node: a spec must not be cyclic',
    })
    const list: Record<string, unknown> = { type: 'array' }
    list.items = list
    expect(mistakeOf({ list }).message).toBe(
      'spec.list.items refers back to spec.list: a spec must not be cyclic',
    )
    const spec: Record<string, unknown> = {}
    spec.self = { type: 'object', properties: spec }
    expect(mistakeOf(spec).message).toBe(
      'spec.self.properties refers back to spec: a spec must not be cyclic',
    )
  })

  it('nesting deeper than 32 levels, however deep the spec goes', () => {
    let prop: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < 100_000; level++) prop = { type: 'array', items: prop }
    const mistake = mistakeOf({ deep: prop })
    expect(mistake.path).toEqual(['deep', ...Array<string>(32).fill('items')])
    expect(mistake.message).toMatch(
      /^spec\.deep(\.items){32} is nested deeper than 32 levels of properties, items and anyOf$/,
    )
  })

  it('every mistake at once, in declaration order, depth first', () => {
    const error = refusal({
      a: { type: 'strng' },
      b: { type: 'number', enum: [], foo: 1, required: false },
      c: {
        type: 'object',
        properties: { d: { type: 'array', items: { type: 'boolean', enum: ['x'] } } },
      },
    })
    expect(error.mistakes.map((mistake) => mistake.path)).toEqual([
      ['a', 'type'],
      ['b', 'foo'],
      ['b', 'required'],
      ['b', 'enum'],
      ['c', 'properties', 'd', 'items', 'enum'],
    ])
    expect(error.message).toBe(
      `invalid schema spec: ${error.mistakes.map((m) => m.message).join('; ')}`,
    )
  })
})

describe('SchemaSpecError', () => {
  it('is a HarnessError with a stable code, its class name, and frozen mistakes', () => {
    const error = refusal({ a: { type: 'strng' } })
    expect(error.code).toBe('INVALID_SCHEMA_SPEC')
    expect(error.name).toBe('SchemaSpecError')
    expect(isHarnessError(error)).toBe(true)
    expect(Object.isFrozen(error.mistakes)).toBe(true)
  })
})
