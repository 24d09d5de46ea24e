import { describe, expect, it } from 'vitest'
import { compile } from './__fixtures__/compile.js'
import { canGenerateCode } from './generated-test.js'
import { defaultBackEnd } from './validator.js'

// The code generator's own cases: what the differential tests (differential.test.ts,
// conformance.test.ts, fast-test-agreement.test.ts) meet rarely or never. Each verdict is the
// closures' (the reference) and, where `new Function` is allowed, the generated test's too.

/** Whether this process refuses code generation: the CSP run (vitest.csp.config.ts). */
const refused = process.execArgv.includes('--disallow-code-generation-from-strings')

/** The verdict on each value, after checking that both back ends give it, in both dialects. */
function verdicts(schema: unknown, values: readonly unknown[]): boolean[] {
  return values.map((value) => {
    const answers = (['json', 'args'] as const).flatMap((dialect) => {
      const closures = compile(schema, dialect, 'closures').isValid(value)
      if (!canGenerateCode()) return [closures]
      expect(compile(schema, dialect, 'generated').isValid(value), dialect).toBe(closures)
      return [closures]
    })
    expect(new Set(answers).size, 'the dialects agree on plain data').toBe(1)
    return answers[0] ?? false
  })
}

function objectOf(properties: Record<string, unknown>, required: string[], closed = false) {
  return { type: 'object', properties, required, additionalProperties: !closed }
}

describe('the back end', () => {
  it('is generated code where new Function works, the closures under a CSP', () => {
    expect(canGenerateCode()).toBe(!refused)
    expect(defaultBackEnd()).toBe(refused ? 'closures' : 'generated')
    if (refused) {
      expect(() => compile({ type: 'string' }, 'json', 'generated')).toThrow(EvalError)
    }
  })
})

describe('the generated test', () => {
  it('writes any key as data: quotes, backslashes, line separators, code', () => {
    const keys = ['"', '\\', '\n', '\u2028', "'); globalThis.pwned = 1; ('", '`${1}`', '', 'é']
    const schema = objectOf(Object.fromEntries(keys.map((key) => [key, { type: 'string' }])), keys)
    const valid = Object.fromEntries(keys.map((key) => [key, 'x']))
    expect(verdicts(schema, [valid, { ...valid, '\u2028': 1 }, { '"': 'x' }])).toEqual([
      true,
      false,
      false,
    ])
    expect('pwned' in globalThis).toBe(false)
  })

  it('counts own enumerable members only: not inherited ones, nor hidden ones', () => {
    const schema = objectOf({ path: { type: 'string' }, limit: { type: 'number' } }, ['path'])
    const hidden = Object.defineProperty({}, 'path', { value: 'a.ts', enumerable: false })
    const hiddenWrong = Object.defineProperty({ path: 'a.ts' }, 'limit', {
      value: 'ten',
      enumerable: false,
    })
    expect(verdicts(schema, [hidden, hiddenWrong])).toEqual([false, true])
    for (const enumerable of [true, false]) {
      Object.defineProperty(Object.prototype, 'path', {
        value: 'a.ts',
        enumerable,
        writable: true,
        configurable: true,
      })
      try {
        expect(verdicts(schema, [{}, { limit: 1 }, { path: 'b.ts' }])).toEqual([false, false, true])
      } finally {
        delete (Object.prototype as { path?: unknown }).path
      }
    }
  })

  it('takes members in any order, undefined ones as absent, extras when open', () => {
    const schema = objectOf(
      { a: { type: 'string' }, b: { type: 'number' }, c: { type: 'boolean' } },
      ['a', 'c'],
    )
    expect(
      verdicts(schema, [
        { a: 'x', b: 1, c: true },
        { c: false, a: 'x' },
        { a: 'x', b: undefined, c: true },
        { a: 'x', extra: 1, c: true },
        { a: 'x', b: undefined },
        { b: 1, c: true },
        { c: true, b: 'one', a: 'x' },
      ]),
    ).toEqual([true, true, true, true, false, false, false])
    const closed = objectOf({ a: { type: 'string' } }, [], true)
    expect(verdicts(closed, [{ a: 'x' }, { a: 'x', b: undefined }, { a: 'x', b: 0 }])).toEqual([
      true,
      true,
      false,
    ])
  })

  it('reads each member once, in order or not', () => {
    for (const order of [
      ['path', 'limit'],
      ['limit', 'path'],
    ]) {
      let reads = 0
      const value = {}
      for (const key of order) {
        Object.defineProperty(value, key, {
          enumerable: true,
          get: () => {
            reads++
            return key === 'path' ? 'a.ts' : 1
          },
        })
      }
      const schema = objectOf({ path: { type: 'string' }, limit: { type: 'number' } }, ['path'])
      expect(compile(schema, 'json').isValid(value)).toBe(true)
      expect(reads).toBe(2)
    }
  })

  it('handles wide objects: 40 members, 35 of them required, looked up by name', () => {
    const names = Array.from({ length: 40 }, (_, index) => `m${String(index)}`)
    const schema = objectOf(
      Object.fromEntries(names.map((name) => [name, { type: 'integer' }])),
      names.slice(0, 35),
      true,
    )
    const full = Object.fromEntries(names.map((name, index) => [name, index]))
    const missing = Object.fromEntries(Object.entries(full).filter(([name]) => name !== 'm33'))
    expect(verdicts(schema, [full, missing, { ...full, m39: 0.5 }, { ...full, other: 1 }])).toEqual(
      [true, false, false, false],
    )
  })

  it('writes every scalar keyword: bounds, lengths in code points, patterns, long enums', () => {
    const schema = objectOf(
      {
        n: { type: 'number', minimum: -2.5, exclusiveMaximum: 1e21 },
        i: { type: ['integer', 'null'], exclusiveMinimum: -1, maximum: 3 },
        s: { type: 'string', minLength: 2, maxLength: 3, pattern: '^\\p{L}+$' },
        e: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
        k: { type: 'number', const: -0 },
      },
      [],
    )
    expect(
      verdicts(schema, [
        { n: -2.5, i: null, s: 'éé', e: 'j', k: 0 },
        { n: -2.6 },
        { i: -1 },
        { i: 3 },
        { s: '😀😀' },
        { s: 'abcd' },
        { e: 'k' },
        { k: 1 },
      ]),
    ).toEqual([true, false, false, true, false, false, false, false])
  })

  it('tries each alternative of a union, past one whose member throws', () => {
    const schema = objectOf(
      {
        u: {
          anyOf: [
            objectOf({ a: { type: 'string' } }, ['a']),
            { type: 'array', items: { type: 'number' }, maxItems: 2 },
          ],
        },
      },
      ['u'],
    )
    const throwing = {
      get a(): string {
        throw new Error('no')
      },
    }
    expect(
      verdicts(schema, [{ u: { a: 'x' } }, { u: [1, 2] }, { u: [1, 2, 3] }, { u: [1, 'x'] }]),
    ).toEqual([true, true, false, false])
    expect(compile(schema, 'json').isValid({ u: throwing })).toBe(false)
  })

  it('writes each node once: a schema nested 40 objects deep compiles and runs', () => {
    let schema: unknown = { type: 'string' }
    let valid: unknown = 'leaf'
    for (let level = 0; level < 40; level++) {
      schema = objectOf({ inner: schema, other: { type: 'number' } }, ['inner'], true)
      valid = { inner: valid, other: level }
    }
    // Written anew in each of an object's two loops, the nodes would number 2^40.
    expect(verdicts(schema, [valid, { inner: valid }])).toEqual([true, false])
  })

  it('compiles a schema that reads more values than a function takes parameters', () => {
    // About four values per member here (two prototypes, the pattern in each of the two loops):
    // 20,000 members read some 80,000, beyond the 65,534 parameters a function may have.
    const properties = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, index) => [
        `k${String(index)}`,
        objectOf({ a: { type: 'string', pattern: '^a' } }, []),
      ]),
    )
    const schema = objectOf(properties, [])
    const values = [{ k1: { a: 'ab' } }, { k19999: { a: 'b' } }]
    const closures = compile(schema, 'json', 'closures')
    expect(values.map((value) => closures.isValid(value))).toEqual([true, false])
    if (canGenerateCode()) {
      const generated = compile(schema, 'json', 'generated')
      expect(values.map((value) => generated.isValid(value))).toEqual([true, false])
    }
  })
})
