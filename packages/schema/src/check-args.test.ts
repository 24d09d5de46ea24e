import { runInNewContext } from 'node:vm'
import { editFilesSpec, readFileIssues, readFileSpec } from '@toolpipe/tool-schemas'
import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import { SchemaSpecError } from './schema-spec-error.js'
import type { SchemaSpec } from './schema-spec.js'

describe('checkArgs on valid arguments', () => {
  it('returns no issue, as a fresh array every call', () => {
    const args = { path: 'a.txt', offset: 0, limit: 10, encoding: 'utf8' }
    const first = checkArgs(readFileSpec, args)
    expect(first).toEqual([])
    expect(checkArgs(readFileSpec, args)).not.toBe(first)
  })

  it('allows optional members to be absent, or present as undefined', () => {
    expect(checkArgs(readFileSpec, { path: 'a.txt' })).toEqual([])
    expect(checkArgs(readFileSpec, { path: 'a.txt', offset: undefined })).toEqual([])
  })

  it('allows extra keys, whatever they hold', () => {
    expect(
      checkArgs(readFileSpec, { path: 'a.txt', extra: [1, { deep: null }], other: NaN }),
    ).toEqual([])
  })

  it('accepts members in any key order', () => {
    expect(checkArgs(readFileSpec, { encoding: 'base64', limit: 1, path: 'a', offset: 2 })).toEqual(
      [],
    )
  })

  it('accepts any finite number, -0 and the extremes included', () => {
    for (const offset of [0, -0, -1.5, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE]) {
      expect(checkArgs(readFileSpec, { path: 'a', offset })).toEqual([])
    }
  })

  it('accepts any object for a bare object and any array for a bare array', () => {
    const spec = { options: { type: 'object' }, list: { type: 'array' } } as const
    expect(checkArgs(spec, { options: { x: [NaN] }, list: [1, 'two', null, {}] })).toEqual([])
    expect(checkArgs(spec, { options: {}, list: [] })).toEqual([])
  })

  it('accepts an empty spec with any object', () => {
    expect(checkArgs({}, {})).toEqual([])
    expect(checkArgs({}, { anything: true })).toEqual([])
  })

  it('accepts null-prototype objects and objects from another realm', () => {
    const nullPrototype = Object.assign(Object.create(null) as object, { path: 'a', limit: 3 })
    expect(checkArgs(readFileSpec, nullPrototype)).toEqual([])
    const foreign: unknown = runInNewContext(
      '({ edits: [{ path: "a", old_text: "x", new_text: "y", replace_all: true }] })',
    )
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype)
    expect(checkArgs(editFilesSpec, foreign)).toEqual([])
  })

  it('checks specs with many members and long enums (looked up by Map and Set)', () => {
    const letters = 'abcdefghijkl'.split('')
    const spec: SchemaSpec = Object.fromEntries(
      letters.map((letter) => [letter, { type: 'string', required: true, enum: letters }]),
    )
    const valid = Object.fromEntries(letters.map((letter) => [letter, letter]))
    expect(checkArgs(spec, valid)).toEqual([])
    expect(checkArgs(spec, { ...valid, k: 'z' })).toMatchObject([
      { code: 'invalid_enum', path: ['k'], received: 'z' },
    ])
    const missingC: Record<string, string> = { ...valid }
    delete missingC.c
    expect(checkArgs(spec, missingC)).toMatchObject([{ code: 'missing', path: ['c'] }])
  })
})

describe('checkArgs: the top level', () => {
  it.each([
    ['null', null, 'null'],
    ['an array', [], 'array'],
    ['a string', '{"path":"a"}', 'string'],
    ['a number', 42, 'number'],
    ['a boolean', true, 'boolean'],
    ['undefined', undefined, 'undefined'],
    ['NaN', NaN, 'NaN'],
    ['a function', () => undefined, 'function'],
  ] as const)('refuses %s with one not_object issue', (_label, args, received) => {
    expect(checkArgs(readFileSpec, args)).toEqual([
      {
        code: 'not_object',
        path: [],
        message: `arguments must be a JSON object, got ${received}`,
        expected: 'object',
        received,
      },
    ])
  })
})

describe('checkArgs: missing', () => {
  it('finds in { limit: "5" } for read_file what the shared fixture says it does', () => {
    expect(checkArgs(readFileSpec, { limit: '5' })).toEqual(readFileIssues)
  })

  it('reports a required member that is absent', () => {
    expect(checkArgs(readFileSpec, {})).toEqual([
      {
        code: 'missing',
        path: ['path'],
        message: 'missing required property "path"',
        expected: 'string',
      },
    ])
  })

  it('counts a member present as undefined as missing', () => {
    expect(checkArgs(readFileSpec, { path: undefined })).toMatchObject([
      { code: 'missing', path: ['path'] },
    ])
  })

  it('names the full path of a nested member', () => {
    const edits = [
      { path: 'a', old_text: '', new_text: '' },
      { old_text: '', new_text: '' },
    ]
    expect(checkArgs(editFilesSpec, { edits })).toEqual([
      {
        code: 'missing',
        path: ['edits', 1, 'path'],
        message: 'missing required property "edits[1].path"',
        expected: 'string',
      },
    ])
  })

  it('does not count inherited properties as members', () => {
    const inherited = Object.create({ path: 'a.txt' }) as object
    expect(checkArgs(readFileSpec, inherited)).toMatchObject([{ code: 'missing', path: ['path'] }])
    const spec = {
      constructor: { type: 'string', required: true },
      toString: { type: 'object' },
    } as const
    expect(checkArgs(spec, {})).toMatchObject([{ code: 'missing', path: ['constructor'] }])
    expect(checkArgs(spec, { constructor: 'x' })).toEqual([])
  })

  it('does not count non-enumerable properties as members (JSON would not carry them)', () => {
    const args = Object.defineProperty({}, 'path', { value: 'a.txt', enumerable: false })
    expect(checkArgs(readFileSpec, args)).toMatchObject([{ code: 'missing', path: ['path'] }])
  })

  it('reads own members of class instances, not their prototype getters', () => {
    class Args {
      offset: number
      constructor() {
        this.offset = 1
      }
      get path(): string {
        return ['a', 'txt'].join('.')
      }
    }
    expect(checkArgs(readFileSpec, new Args())).toMatchObject([{ code: 'missing', path: ['path'] }])
  })
})

describe('checkArgs collects every issue', () => {
  it('in declaration order, depth first, whatever the key order of the arguments', () => {
    const spec = {
      first: { type: 'string', required: true },
      nested: {
        type: 'object',
        required: true,
        properties: {
          inner: { type: 'number', required: true },
          list: { type: 'array', items: { type: 'boolean' } },
        },
      },
      last: { type: 'string', enum: ['x'] },
    } as const
    const args = { last: 'y', nested: { list: [true, 'no', false, 0] } }
    expect(checkArgs(spec, args).map((issue) => [issue.code, issue.path])).toEqual([
      ['missing', ['first']],
      ['missing', ['nested', 'inner']],
      ['invalid_type', ['nested', 'list', 1]],
      ['invalid_type', ['nested', 'list', 3]],
      ['invalid_enum', ['last']],
    ])
  })

  it('in every element of a large array', () => {
    const edits = Array.from({ length: 50 }, (_, index) =>
      index % 10 === 3
        ? { path: index, old_text: '', new_text: '' }
        : { path: 'a', old_text: '', new_text: '' },
    )
    expect(checkArgs(editFilesSpec, { edits }).map((issue) => issue.message)).toEqual([
      '"edits[3].path" must be a string, got number',
      '"edits[13].path" must be a string, got number',
      '"edits[23].path" must be a string, got number',
      '"edits[33].path" must be a string, got number',
      '"edits[43].path" must be a string, got number',
    ])
  })

  it('gives each issue its own path array', () => {
    const [first, second] = checkArgs(editFilesSpec, { edits: [{}, {}] })
    expect(first?.path).toEqual(['edits', 0, 'path'])
    expect(second?.path).toEqual(['edits', 0, 'old_text'])
    expect(first?.path).not.toBe(second?.path)
  })
})

describe('checkArgs and its spec', () => {
  it('throws SchemaSpecError for an invalid spec', () => {
    expect(() => checkArgs({ a: { type: 'strng' } } as never, {})).toThrow(SchemaSpecError)
  })

  it('compiles a spec object once: the spec is read on first use only', () => {
    let reads = 0
    const spec = new Proxy(
      { path: { type: 'string', required: true } },
      {
        get(target, key, receiver) {
          reads++
          return Reflect.get(target, key, receiver) as unknown
        },
        ownKeys(target) {
          reads++
          return Reflect.ownKeys(target)
        },
      },
    ) as SchemaSpec
    expect(checkArgs(spec, { path: 1 })).toHaveLength(1)
    const afterFirst = reads
    expect(afterFirst).toBeGreaterThan(0)
    expect(checkArgs(spec, { path: 'a' })).toEqual([])
    expect(checkArgs(spec, {})).toHaveLength(1)
    expect(reads).toBe(afterFirst)
  })
})
