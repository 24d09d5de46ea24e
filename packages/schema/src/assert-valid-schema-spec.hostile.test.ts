import { describe, expect, it } from 'vitest'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { mistakesOf, revoked } from './__fixtures__/spec-mistakes.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'

/**
 * A spec is untrusted input too (a plugin's, a server's): every mistake once, at its path, and
 * nothing read past what could not be read.
 */

const revokedText = "could not be read: Cannot perform 'IsArray' on a proxy that has been revoked"

/** An object whose keys cannot be listed, and that counts the members read from it. */
function unlistable(): { readonly proxy: object; readonly reads: string[] } {
  const reads: string[] = []
  const proxy = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error('no keys')
      },
      get: (_target, key) => {
        reads.push(String(key))
        return { type: 'string' }
      },
    },
  )
  return { proxy, reads }
}

/** An array whose elements cannot be read. */
function unreadableList(): unknown[] {
  return new Proxy(['a'], {
    get: (target, key, receiver) => {
      if (key === Symbol.iterator || key === '0') throw new Error('no elements')
      return Reflect.get(target, key, receiver) as unknown
    },
  })
}

describe('assertValidSchemaSpec on hostile specs', () => {
  it('a revoked Proxy as the spec, a prop or properties: one mistake each', () => {
    expect(mistakesOf(revoked())).toEqual([{ path: [], message: `spec ${revokedText}` }])
    expect(mistakesOf({ a: revoked() })).toEqual([
      { path: ['a'], message: `spec.a ${revokedText}` },
    ])
    expect(mistakesOf({ a: { type: 'object', properties: revoked() } })).toEqual([
      { path: ['a', 'properties'], message: `spec.a.properties ${revokedText}` },
    ])
  })

  it('a spec or prop whose keys cannot be listed: one mistake, and no member read', () => {
    const spec = unlistable()
    expect(mistakesOf(spec.proxy)).toEqual([
      { path: [], message: 'spec could not be read: no keys' },
    ])
    const prop = unlistable()
    expect(mistakesOf({ a: prop.proxy })).toEqual([
      { path: ['a'], message: 'spec.a could not be read: no keys' },
    ])
    expect([...spec.reads, ...prop.reads]).toEqual([])
  })

  it('a prop whose getter throws: that one mistake', () => {
    const spec = {
      get a(): unknown {
        throw new Error('no prop')
      },
      b: { type: 'string' },
    }
    expect(mistakesOf(spec)).toEqual([
      { path: ['a'], message: 'spec.a could not be read: no prop' },
    ])
  })

  it('a keyword whose getter throws: that one mistake, its value not checked further', () => {
    const a = {
      type: 'number',
      get minimum(): number {
        throw new Error('no minimum')
      },
    }
    expect(mistakesOf({ a })).toEqual([
      { path: ['a', 'minimum'], message: 'spec.a.minimum could not be read: no minimum' },
    ])
  })

  it('an anyOf or enum list whose elements cannot be read', () => {
    expect(mistakesOf({ u: { anyOf: unreadableList() } })).toEqual([
      { path: ['u', 'anyOf'], message: 'spec.u.anyOf could not be read: no elements' },
    ])
    expect(mistakesOf({ e: { type: 'string', enum: unreadableList() } })).toEqual([
      { path: ['e', 'enum'], message: 'spec.e.enum could not be read: no elements' },
    ])
  })
})

describe('assertValidSchemaSpec: mistakes are counted once', () => {
  it('a keyword on the wrong type is not read further', () => {
    expect(mistakesOf({ a: { type: 'string', minimum: 'x', items: 5 } })).toEqual([
      {
        path: ['a', 'minimum'],
        message: 'spec.a.minimum is only allowed on types "number" and "integer", not "string"',
      },
      {
        path: ['a', 'items'],
        message: 'spec.a.items is only allowed on type "array", not "string"',
      },
    ])
  })

  it('a prop with an unknown type: that one mistake, its keywords not checked against it', () => {
    expect(mistakesOf({ a: { type: 'text', minLength: 1, items: {} } })).toEqual([
      {
        path: ['a', 'type'],
        message:
          'spec.a.type must be one of "string", "number", "integer", "boolean", "object", "array", got "text"',
      },
    ])
  })

  it('each bound and count keyword names itself in its path', () => {
    expect(
      mistakesOf({
        n: { type: 'number', exclusiveMinimum: '0', exclusiveMaximum: null },
        l: { type: 'array', minItems: -1 },
      }),
    ).toEqual([
      {
        path: ['n', 'exclusiveMinimum'],
        message: 'spec.n.exclusiveMinimum must be a finite number, got "0"',
      },
      {
        path: ['n', 'exclusiveMaximum'],
        message: 'spec.n.exclusiveMaximum must be a finite number, got null',
      },
      {
        path: ['l', 'minItems'],
        message: 'spec.l.minItems must be a non-negative integer, got -1',
      },
    ])
  })

  it('a prop with a mistake is not measured against its default', () => {
    expect(mistakesOf({ a: { type: 'string', maxLength: 'x', default: 5 } })).toEqual([
      {
        path: ['a', 'maxLength'],
        message: 'spec.a.maxLength must be a non-negative integer, got "x"',
      },
    ])
    expect(mistakesOf({ a: { type: 'string', format: 'email', default: 5 } })).toMatchObject([
      { path: ['a', 'format'] },
    ])
  })

  it('anyOf, required and any other keyword present as undefined count as absent', () => {
    expect(() => {
      assertValidSchemaSpec({
        a: { type: 'string', anyOf: undefined, format: undefined },
        u: { anyOf: [{ type: 'string' }], type: undefined },
      })
    }).not.toThrow()
  })

  it('required other than true on a union, at its path', () => {
    expect(mistakesOf({ u: { anyOf: [{ type: 'string' }], required: false } })).toEqual([
      { path: ['u', 'required'], message: 'spec.u.required must be true or left out, got false' },
    ])
  })

  it('an enum that is not an array names the members its type wants', () => {
    expect(
      mistakesOf({
        s: { type: 'string', enum: 'a' },
        i: { type: 'integer', enum: 1 },
        n: { type: 'number', enum: { one: 1 } },
      }).map((found) => found.message),
    ).toEqual([
      'spec.s.enum must be an array of strings, got "a"',
      'spec.i.enum must be an array of integers, got 1',
      'spec.n.enum must be an array of numbers, got an object with keys ["one"]',
    ])
  })

  it('number enum members must be finite numbers', () => {
    expect(mistakesOf({ n: { type: 'number', enum: [1, 'two', Infinity, true] } })).toEqual([
      { path: ['n', 'enum', 1], message: 'spec.n.enum[1] must be a finite number, got "two"' },
      { path: ['n', 'enum', 2], message: 'spec.n.enum[2] must be a finite number, got Infinity' },
      { path: ['n', 'enum', 3], message: 'spec.n.enum[3] must be a finite number, got true' },
    ])
  })
})

describe('assertValidSchemaSpec: nesting and cycles', () => {
  it('counts levels of properties as it counts items: deeper than 32 is refused', () => {
    const nest = (levels: number): Record<string, unknown> => {
      let prop: Record<string, unknown> = { type: 'string' }
      for (let level = 0; level < levels; level++) {
        prop = { type: 'object', properties: { child: prop } }
      }
      return prop
    }
    expect(() => {
      assertValidSchemaSpec({ deep: nest(31) })
    }).not.toThrow()
    const [mistake, ...others] = mistakesOf({ deep: nest(32) })
    expect(others).toEqual([])
    expect(mistake?.path).toEqual([
      'deep',
      ...Array<string[]>(32).fill(['properties', 'child']).flat(),
    ])
    expect(mistake?.message).toMatch(
      /^spec\.deep(\.properties\.child){32} is nested deeper than 32 levels of properties, items and anyOf$/,
    )
  })

  it('names the place a cycle refers back to, after siblings were checked', () => {
    const list: Record<string, unknown> = { type: 'array' }
    list.items = list
    const spec = {
      first: { type: 'string' },
      nested: { type: 'object', properties: { list } },
    }
    expect(mistakesOf(spec)).toEqual([
      {
        path: ['nested', 'properties', 'list', 'items'],
        message:
          'spec.nested.properties.list.items refers back to spec.nested.properties.list: a spec must not be cyclic',
      },
    ])
  })

  it('accepts one properties object shared by two props (shared, not cyclic)', () => {
    const properties = { x: { type: 'string' } } as const
    expect(
      schemaSpecToJsonSchema({
        a: { type: 'object', properties },
        b: { type: 'object', properties },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { x: { type: 'string' } } },
        b: { type: 'object', properties: { x: { type: 'string' } } },
      },
    })
  })

  it('accepts an object prop used again as a sibling’s items, once its own members were checked', () => {
    const point = { type: 'object', properties: { x: { type: 'number' } } } as const
    expect(
      schemaSpecToJsonSchema({ point, path: { type: 'array', items: point } }).properties,
    ).toEqual({
      point: { type: 'object', properties: { x: { type: 'number' } } },
      path: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
    })
  })

  it('writes the JSON Schema of a spec that shares one prop object in several places', () => {
    const shared = { type: 'string', minLength: 1 } as const
    expect(schemaSpecToJsonSchema({ a: shared, b: { type: 'array', items: shared } })).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', minLength: 1 },
        b: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
    })
  })
})
