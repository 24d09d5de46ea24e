import { revokedProxy, shifty, throwingGetter, trapThrowing } from '@toolpipe/hostile-values'
import { afterEach, describe, expect, it } from 'vitest'
import { answers, codeRefused, editFiles } from '../__fixtures__/fused.js'
import type { SchemaSpec } from '../schema-spec.js'
import { compiledSpec } from './compile-spec.js'
import { fusedWalkOf } from './fused-walk.js'

// The fused walk's own cases (fused-walk.ts): which specs get one, what it answers itself, and
// where it leaves the answer to the general path. Every case also checks that `checkArgs` gives
// the general path's issues, in the CSP run too, where no walk is written.

/** A spec of `count` optional string members. */
function members(count: number): SchemaSpec {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`m${index}`, { type: 'string' }]),
  )
}

const strings: SchemaSpec = { a: { type: 'array', items: { type: 'string' } } }

/** A spec whose member `a` is an object `depth` times over, `bottom` at the bottom. */
function nestedObjects(depth: number, bottom: SchemaSpec = { a: { type: 'string' } }): SchemaSpec {
  let spec = bottom
  for (let level = 0; level < depth; level++) spec = { a: { type: 'object', properties: spec } }
  return spec
}

/** A spec whose member `a` is an array of objects `depth` times over (two containers a level). */
function nestedArrays(depth: number): SchemaSpec {
  let spec: SchemaSpec = { a: { type: 'string' } }
  for (let level = 0; level < depth; level++) {
    spec = { a: { type: 'array', items: { type: 'object', properties: spec } } }
  }
  return spec
}

/** The fused walk answers `value` itself, with the general path's issues. */
function expectAnswered(spec: SchemaSpec, value: unknown): void {
  const { general, fused, checked, written } = answers(spec, value)
  expect(general.length).toBeGreaterThan(0)
  expect(checked).toStrictEqual(general)
  expect(written).toBe(!codeRefused)
  expect(fused).toStrictEqual(codeRefused ? undefined : general)
}

/** The fused walk leaves `value` to the general path, whose issues `checkArgs` gives. */
function expectLeft(spec: SchemaSpec, value: unknown): void {
  const { general, fused, checked } = answers(spec, value)
  expect(fused).toBeUndefined()
  expect(checked).toStrictEqual(general)
}

describe('which specs get a fused walk', () => {
  const written: [string, SchemaSpec][] = [
    ['scalars with a type, nullable and enum', { a: { type: 'integer', nullable: true } }],
    ['arrays of objects of scalars, and objects', editFiles],
    ['31 members', members(31)],
    ['objects 8 deep, the root included', nestedObjects(7)],
    ['arrays and objects 8 deep', { a: { type: 'object', properties: nestedArrays(3) } }],
    ['an array of strings 8 deep', nestedObjects(6, strings)],
  ]
  const notWritten: [string, SchemaSpec][] = [
    ['a minimum', { a: { type: 'number', minimum: 0 } }],
    ['a maximum', { a: { type: 'integer', maximum: 0 } }],
    ['an exclusive minimum', { a: { type: 'number', exclusiveMinimum: 0 } }],
    ['an exclusive maximum', { a: { type: 'number', exclusiveMaximum: 0 } }],
    ['a minimum length', { a: { type: 'string', minLength: 1 } }],
    ['a maximum length', { a: { type: 'string', maxLength: 3 } }],
    ['a maximum item count', { a: { type: 'array', items: { type: 'string' }, maxItems: 3 } }],
    ['32 members', members(32)],
    ['objects 9 deep', nestedObjects(8)],
    ['an array of strings 9 deep', nestedObjects(7, strings)],
    [
      'arrays and objects 9 deep',
      { a: { type: 'array', items: { type: 'object', properties: nestedArrays(3) } } },
    ],
    ['a pattern', { a: { type: 'string', pattern: '^a' } }],
    ['an item count', { a: { type: 'array', items: { type: 'string' }, minItems: 1 } }],
    ['an anyOf', { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } }],
    ['an object with no members', { a: { type: 'object' } }],
    ['an array without items', { a: { type: 'array' } }],
    [
      'an array of arrays',
      { a: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
    ],
    [
      'a nullable container',
      { a: { type: 'object', nullable: true, properties: { b: { type: 'string' } } } },
    ],
    ['no members', {}],
  ]
  it.each(written)('%s: one, where code generation is allowed', (_, spec) => {
    expect(answers(spec, 'not an object').written).toBe(!codeRefused)
  })
  it.each(notWritten)('%s: none', (_, spec) => {
    expect(answers(spec, 'not an object').written).toBe(false)
  })
})

describe('what it answers itself', () => {
  it('wrong types, missing members, enums, a fractional integer, in declaration order', () => {
    expectAnswered(editFiles, {
      tags: [1, 3, '2.5'],
      edits: [
        { path: 1, old_text: 'x', count: 1.5, mode: 'c' },
        {},
        { old_text: null, path: 'b', count: null, mode: 'a' },
      ],
      options: { dry: 'yes' },
    })
  })

  it('at the deepest place it writes, with the paths and messages of the general path', () => {
    const deep = (depth: number, bottom: unknown): unknown => {
      let value: unknown = { a: bottom }
      for (let level = 0; level < depth; level++) value = { a: [{ b: 1 }, value] }
      return value
    }
    const spec: SchemaSpec = nestedArrays(3)
    expectAnswered(spec, deep(3, 5))
    expect(answers(spec, deep(3, 5)).general[0]?.path).toEqual(['a', 1, 'a', 1, 'a', 1, 'a'])
  })

  it('a container sent as a scalar, and an element that is no object', () => {
    expectAnswered(editFiles, { edits: '[{"path":"a"}]', options: 7 })
    expectAnswered(editFiles, { edits: [null, 'a', 3, { path: 'a' }] })
  })

  it('members by their own enumerable keys: extra, reordered, inherited, hidden', () => {
    expectAnswered(editFiles, { extra: 1, options: { dry: true }, edits: [{ path: 2 }] })
    const hidden = { edits: [] }
    Object.defineProperty(hidden, 'options', { value: { dry: true }, enumerable: false })
    expectAnswered(editFiles, Object.assign(hidden, { tags: ['x'] }))
    // An own `__proto__` key, as JSON.parse makes one: an extra member like any other.
    expectAnswered(editFiles, JSON.parse('{"__proto__": {"dry": 1}, "edits": [{}]}'))
  })

  it('keys of every kind in paths and messages, and no key runs as code', () => {
    const keys = ['"', 'a b', '0', 'value', 'constructor', '\u2028', "'); globalThis.pwned = 1; ('"]
    const inner: SchemaSpec = Object.fromEntries(
      keys.map((key) => [key, { type: 'string', required: true }] as const),
    )
    const spec: SchemaSpec = {
      ...Object.fromEntries(keys.map((key) => [key, { type: 'integer' }])),
      list: { type: 'array', items: { type: 'object', properties: inner } },
    }
    const value = JSON.parse(
      JSON.stringify({
        ...Object.fromEntries(keys.map((key) => [key, 'x'])),
        list: [{}, Object.fromEntries(keys.map((key) => [key, 1]))],
      }),
    ) as unknown
    expectAnswered(spec, value)
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
  })

  it('100 issues, and past them the budget: the first 100 and too_many_issues', () => {
    expectAnswered(editFiles, { edits: Array.from({ length: 50 }, () => ({ path: 1 })) })
    expect(
      answers(editFiles, { edits: Array.from({ length: 50 }, () => ({ path: 1 })) }).general,
    ).toHaveLength(100)
    const past = { edits: Array.from({ length: 60 }, () => ({ path: 1 })) }
    expectAnswered(editFiles, past)
    expect(answers(editFiles, past).general.at(-1)?.code).toBe('too_many_issues')
  })
})

describe('what it leaves to the general path', () => {
  afterEach(() => {
    Reflect.deleteProperty(Object.prototype, 'path')
  })

  it('an object that is no ordinary one, at the root or below', () => {
    for (const value of [null, 'a', [], Object.create(null) as object, new (class Args {})()]) {
      expectLeft(editFiles, value)
    }
    expectLeft(editFiles, { edits: [Object.create({ path: 'inherited' }) as object] })
    expectLeft(editFiles, { edits: [[]] })
  })

  it('holes and undefined elements, and an array of another prototype', () => {
    // eslint-disable-next-line no-sparse-arrays -- the case itself
    expectLeft(editFiles, { edits: [, { path: 1 }] })
    expectLeft(editFiles, { edits: [undefined, { path: 1 }] })
    class Edits extends Array<unknown> {}
    expectLeft(editFiles, { edits: Edits.from([{ path: 1 }]) })
  })

  it('getters and traps that throw', () => {
    const spec: SchemaSpec = { kind: { type: 'string' }, value: { type: 'string' } }
    expectLeft(spec, throwingGetter(5))
    const path = Object.defineProperty({}, 'path', {
      enumerable: true,
      get: () => {
        throw new Error('getter')
      },
    })
    expectLeft(editFiles, { edits: [{ path: 1 }, path] })
    // A getter the spec does not name is never read.
    expectAnswered(editFiles, { edits: [throwingGetter(5)] })
    expectLeft(editFiles, { edits: revokedProxy([]) })
    expectLeft(editFiles, trapThrowing({ edits: 1 }, 'ownKeys'))
  })

  it('a value it finds nothing wrong with (a getter that answers differently the second time)', () => {
    const spec: SchemaSpec = { path: { type: 'string', required: true } }
    // As the fast test saw it first (then the walk reads `'a'`); never "valid" from the walk.
    const walk = fusedWalkOf(compiledSpec(spec).validator.node)
    expect(walk === undefined).toBe(codeRefused)
    expect(walk?.(shifty({ path: 'a' }, { path: 1 }))).toBeUndefined()
    expect(walk?.(shifty({ path: 1 }, { path: 'a' }))?.length).toBe(codeRefused ? undefined : 1)
  })

  it('a polluted prototype: the inherited member is still no member', () => {
    Object.defineProperty(Object.prototype, 'path', {
      value: 'x',
      enumerable: true,
      writable: true,
      configurable: true,
    })
    expectAnswered(editFiles, { edits: [{ old_text: 'a' }] })
  })
})
