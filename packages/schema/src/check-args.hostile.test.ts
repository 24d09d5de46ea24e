import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ArgIssue } from './arg-issue.js'
import { checkArgs } from './check-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'
import { validateArgs } from './validate-args.js'
import { propertyParameters } from '../../../property-runs.shared.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const unreadableText = 'an unreadable value (a getter or Proxy trap threw)'

const specs: SchemaSpec[] = [
  {},
  { path: { type: 'string', required: true }, mode: { type: 'string', enum: ['a', 'b'] } },
  {
    edits: {
      type: 'array',
      required: true,
      items: {
        type: 'object',
        properties: {
          path: { type: 'string', required: true },
          count: { type: 'number' },
          flags: { type: 'array', items: { type: 'boolean' } },
        },
      },
    },
    options: { type: 'object' },
    list: { type: 'array' },
  },
]

/** Every issue is plain data of the documented shape. */
function expectWellFormed(issues: ArgIssue[]): void {
  expect(Array.isArray(issues)).toBe(true)
  for (const issue of issues) {
    expect(['not_object', 'missing', 'invalid_type', 'invalid_enum']).toContain(issue.code)
    expect(Array.isArray(issue.path)).toBe(true)
    expect(typeof issue.message).toBe('string')
  }
}

describe('checkArgs never throws', () => {
  it('on any JSON value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...specs), fc.jsonValue(), (spec, value) => {
        expectWellFormed(checkArgs(spec, value))
      }),
      propertyParameters(300),
    )
  })

  it('on any JavaScript value fast-check can make (Map, Date, boxed, sparse, bigint, …)', () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withObjectString: true,
      withSet: true,
      withSparseArray: true,
      withTypedArray: true,
    })
    const shaped = fc.record({ path: anything, edits: fc.array(anything), options: anything })
    fc.assert(
      fc.property(fc.constantFrom(...specs), fc.oneof(anything, shaped), (spec, value) => {
        expectWellFormed(checkArgs(spec, value))
      }),
      propertyParameters(300),
    )
  })

  it('on cyclic arguments: the walk follows the spec, not the value', () => {
    const spec = {
      node: {
        type: 'object',
        properties: { node: { type: 'object', properties: { id: { type: 'number' } } } },
      },
      options: { type: 'object' },
    } as const
    const cyclic: Record<string, unknown> = { id: 'x' }
    cyclic.node = cyclic
    cyclic.options = cyclic
    expect(checkArgs(spec, cyclic)).toEqual([
      {
        code: 'invalid_type',
        path: ['node', 'node', 'id'],
        message: '"node.node.id" must be a number, got string',
        expected: 'number',
        received: 'string',
      },
    ])
    const list: unknown[] = []
    list.push(list)
    expect(checkArgs(specs[2]!, { edits: [], list, options: cyclic })).toEqual([])
  })

  it('on 100,000-deep nesting', () => {
    let deepObject: unknown = 'bottom'
    let deepArray: unknown = []
    for (let level = 0; level < 100_000; level++) {
      deepObject = { node: deepObject }
      deepArray = [deepArray]
    }
    const spec = {
      node: {
        type: 'object',
        properties: { node: { type: 'object', properties: { node: { type: 'string' } } } },
      },
      list: { type: 'array', items: { type: 'array', items: { type: 'array' } } },
    } as const
    expect(checkArgs(spec, { ...(deepObject as object), list: deepArray })).toEqual([
      {
        code: 'invalid_type',
        path: ['node', 'node', 'node'],
        message: '"node.node.node" must be a string, got object',
        expected: 'string',
        received: 'object',
      },
    ])
    expect(checkArgs(specs[2]!, { edits: deepArray })).toMatchObject([
      { code: 'invalid_type', path: ['edits', 0], received: 'array' },
    ])
  })

  it('on a spec nested to the 32-level limit, with arguments nested far deeper', () => {
    let spec: SchemaSpec = { leaf: { type: 'number', required: true } }
    for (let level = 1; level < 32; level++) {
      spec = { node: { type: 'object', required: true, properties: spec } }
    }
    let args: Record<string, unknown> = { leaf: 'x' }
    for (let level = 1; level < 50_000; level++) args = { node: args, leaf: 'x' }
    const issues = checkArgs(spec, args)
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      code: 'invalid_type',
      expected: 'number',
      received: 'string',
    })
    expect(issues[0]?.path).toEqual([...Array<string>(31).fill('node'), 'leaf'])
  })

  it('on objects with very many keys', () => {
    const args: Record<string, unknown> = {}
    for (let index = 0; index < 20_000; index++) args[`key${index}`] = index
    args.path = 5
    expect(checkArgs(specs[1]!, args)).toMatchObject([{ code: 'invalid_type', path: ['path'] }])
  })
})

describe('checkArgs on hostile values', () => {
  it('reports a throwing getter of a declared member as unreadable', () => {
    const args = {
      get path(): string {
        throw new Error('boom')
      },
      mode: 'c',
    }
    expect(checkArgs(specs[1]!, args)).toEqual([
      {
        code: 'invalid_type',
        path: ['path'],
        message: `"path" must be a string, got ${unreadableText}`,
        expected: 'string',
        received: 'unreadable',
      },
      {
        code: 'invalid_enum',
        path: ['mode'],
        message: '"mode" must be one of "a", "b", got "c"',
        expected: ['a', 'b'],
        received: 'c',
      },
    ])
  })

  it('never calls the getter of a member the spec does not declare', () => {
    let calls = 0
    const args = {
      path: 'a',
      get extra(): never {
        calls++
        throw new Error('boom')
      },
    }
    expect(checkArgs(specs[1]!, args)).toEqual([])
    args.path = 1 as never
    expect(checkArgs(specs[1]!, args)).toHaveLength(1)
    expect(calls).toBe(0)
  })

  it('reports a throwing getter deep inside an array', () => {
    const edit = {
      get path(): string {
        throw new Error('boom')
      },
    }
    expect(checkArgs(specs[2]!, { edits: [{ path: 'ok' }, edit] })).toEqual([
      {
        code: 'invalid_type',
        path: ['edits', 1, 'path'],
        message: `"edits[1].path" must be a string, got ${unreadableText}`,
        expected: 'string',
        received: 'unreadable',
      },
    ])
  })

  it('refuses a revoked Proxy as the arguments, and reports one as a member', () => {
    const proxy = revokedProxy({ path: 'a' })
    expect(checkArgs(specs[1]!, proxy)).toEqual([
      {
        code: 'not_object',
        path: [],
        message: `arguments must be a JSON object, got ${unreadableText}`,
        expected: 'object',
        received: 'unreadable',
      },
    ])
    expect(checkArgs(specs[2]!, { edits: proxy, options: proxy })).toEqual([
      {
        code: 'invalid_type',
        path: ['edits'],
        message: `"edits" must be an array, got ${unreadableText}`,
        expected: 'array',
        received: 'unreadable',
      },
      {
        code: 'invalid_type',
        path: ['options'],
        message: `"options" must be an object, got ${unreadableText}`,
        expected: 'object',
        received: 'unreadable',
      },
    ])
  })

  it('reports a Proxy whose traps throw', () => {
    const throwing = (): never => {
      throw new Error('trap')
    }
    const noKeys = new Proxy({}, { ownKeys: throwing })
    const noPrototype = new Proxy({}, { getPrototypeOf: throwing })
    const noLength = new Proxy([], { get: throwing })
    expect(checkArgs(specs[1]!, noKeys)).toMatchObject([
      { code: 'not_object', received: 'unreadable' },
    ])
    expect(checkArgs(specs[1]!, noPrototype)).toMatchObject([
      { code: 'not_object', received: 'unreadable' },
    ])
    const nested = { type: 'object', properties: { a: { type: 'string' } } } as const
    expect(checkArgs({ nested }, { nested: noKeys })).toMatchObject([
      { code: 'invalid_type', path: ['nested'], received: 'unreadable' },
    ])
    expect(checkArgs(specs[2]!, { edits: noLength })).toMatchObject([
      { code: 'invalid_type', path: ['edits'], expected: 'array', received: 'unreadable' },
    ])
  })

  it('lets validateArgs throw ToolArgsError, never the hostile value’s own error', () => {
    const args = {
      get path(): string {
        throw new Error('boom')
      },
    }
    expect(() => {
      validateArgs(specs[1]!, args)
    }).toThrow(ToolArgsError)
  })

  it('treats a __proto__ key from JSON.parse as an ordinary extra key', () => {
    const args: unknown = JSON.parse('{"__proto__": {"path": "from the fake prototype"}}')
    expect(checkArgs(specs[1]!, args)).toMatchObject([{ code: 'missing', path: ['path'] }])
    expect(checkArgs(specs[1]!, JSON.parse('{"__proto__": 1, "path": "a"}'))).toEqual([])
  })
})
