import { isHarnessError } from '@toolpipe/core'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'

describe('assertSupportedOutputSchema accepts', () => {
  it('every keyword of the subset, on the node types it belongs to', () => {
    const schema: unknown = {
      type: 'object',
      title: 'Verdict',
      description: 'the final answer',
      properties: {
        verdict: { type: 'string', enum: ['pass', 'fail'], default: 'pass', examples: ['fail'] },
        score: { type: 'number', const: 0.5 },
        count: { type: 'integer', enum: [1, 2.0, -0] },
        done: { type: 'boolean', const: true },
        nothing: { type: 'null', enum: [null] },
        tags: { type: 'array', items: { type: 'string' }, examples: [['a'], []] },
        nested: { type: 'object', properties: {}, additionalProperties: true, required: [] },
      },
      required: ['verdict', 'score'],
      additionalProperties: false,
      default: { verdict: 'pass', score: -0, nested: { deep: [1, null, 'x'] } },
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a bare object root', () => {
    expect(() => {
      assertSupportedOutputSchema({ type: 'object' })
    }).not.toThrow()
  })

  it('the same sub-schema object in two sibling places (shared, not circular)', () => {
    const shared = { type: 'object', properties: { x: { type: 'number' } } }
    const schema = {
      type: 'object',
      properties: { a: shared, b: shared, list: { type: 'array', items: shared } },
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('plain nodes from another realm', () => {
    const schema: unknown = runInNewContext(
      "({ type: 'object', properties: { a: { type: 'array', items: { type: 'string', enum: ['x'] } } }, required: ['a'] })",
    )
    expect(Object.getPrototypeOf(schema)).not.toBe(Object.prototype)
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('null-prototype nodes (plain data, as snapshotJson treats them)', () => {
    const member = Object.assign(Object.create(null) as object, { type: 'string' })
    const properties = Object.assign(Object.create(null) as object, { a: member })
    const schema = Object.assign(Object.create(null) as object, { type: 'object', properties })
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a supported keyword present as undefined, as absent (JSON.stringify drops it)', () => {
    const schema = {
      type: 'object',
      description: undefined,
      properties: { a: { type: 'string', enum: undefined, const: undefined } },
      required: undefined,
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a schema read from JSON text, "__proto__" property name included', () => {
    const schema: unknown = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"default":{"__proto__":-0}}',
    )
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('reading only own enumerable properties: symbols, hidden and inherited keys are ignored', () => {
    const schema: Record<string | symbol, unknown> = { type: 'object' }
    schema[Symbol('minLength')] = 3
    Object.defineProperty(schema, 'minProperties', { value: 1, enumerable: false })
    Object.defineProperty(Object.prototype, 'pattern', {
      value: '^x',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      expect(() => {
        assertSupportedOutputSchema(schema)
      }).not.toThrow()
    } finally {
      delete (Object.prototype as Record<string, unknown>).pattern
    }
  })

  it('reading each keyword once', () => {
    let reads = 0
    const schema = {
      get type() {
        reads++
        return 'object'
      },
    }
    assertSupportedOutputSchema(schema)
    expect(reads).toBe(1)
  })

  it('annotations nested 100,000 levels deep (JSON data, checked without recursion)', () => {
    let deep: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) deep = { next: [deep] }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', default: deep, examples: [deep] })
    }).not.toThrow()
  })

  it('128 levels of nesting', () => {
    let node: Record<string, unknown> = { type: 'string' }
    for (let level = 1; level < 128; level++) node = { type: 'array', items: node }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', properties: { a: node } })
    }).toThrow()
    // The root counts as one level: 127 more below it is the most there can be.
    let fits: Record<string, unknown> = { type: 'string' }
    for (let level = 1; level < 127; level++) fits = { type: 'array', items: fits }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', properties: { a: fits } })
    }).not.toThrow()
  })
})

describe('OutputSchemaError', () => {
  it('lists every violation of a schema with several mistakes, each with its path', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: ['string', 'number'] } },
        mode: { type: 'string', enum: ['a', 2] },
        'odd key': { type: 'number', items: { type: 'string' } },
      },
      required: ['name', 'missing'],
      additionalProperties: 'no',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    }
    const expected = [
      'schema: unsupported keyword "$schema"',
      'schema.properties.name: unsupported keyword "format"',
      'schema.properties.tags.items: "type" must be a single type name, or [type, "null"] for a nullable node; other arrays of types are not supported',
      'schema.properties.mode: "enum"[1] must match the node\'s "type": "string", got number',
      'schema.properties["odd key"]: "items" is only allowed on "array" nodes, not on "type": "number"',
      'schema: "required" names "missing", which is not a key of "properties"',
      'schema: "additionalProperties" must be a boolean, got string',
    ]
    let thrown: unknown
    try {
      assertSupportedOutputSchema(schema)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputSchemaError)
    const error = thrown as OutputSchemaError
    expect(error.violations).toEqual(expected)
    expect(error.code).toBe('UNSUPPORTED_SCHEMA')
    expect(error.name).toBe('OutputSchemaError')
    expect(isHarnessError(error)).toBe(true)
    expect(error.message).toBe(`unsupported output schema (7 violations): ${expected.join('; ')}`)
    expect(Object.isFrozen(error.violations)).toBe(true)
  })

  it('says "1 violation" for one', () => {
    expect(() => {
      assertSupportedOutputSchema({ type: 'array' })
    }).toThrow(
      'unsupported output schema (1 violation): schema: the root must have "type": "object", got "array"',
    )
  })
})
