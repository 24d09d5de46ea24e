import { editFilesSpec, readFileSpec } from '@toolpipe/tool-schemas'
import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'

describe('checkArgs: invalid_type', () => {
  it('writes "<path> must be <type>, got <kind>"', () => {
    expect(checkArgs(readFileSpec, { path: 42 })).toEqual([
      {
        code: 'invalid_type',
        path: ['path'],
        message: '"path" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
    ])
  })

  it.each([
    ['string', 1, 'a string', 'number'],
    ['number', '1', 'a number', 'string'],
    ['boolean', 'true', 'a boolean', 'string'],
    ['object', [], 'an object', 'array'],
    ['object', null, 'an object', 'null'],
    ['object', 'x', 'an object', 'string'],
    ['array', {}, 'an array', 'object'],
    ['array', 'x', 'an array', 'string'],
  ] as const)('a %s member given %j', (type, value, article, received) => {
    expect(checkArgs({ value: { type } }, { value })).toEqual([
      {
        code: 'invalid_type',
        path: ['value'],
        message: `"value" must be ${article}, got ${received}`,
        expected: type,
        received,
      },
    ])
  })

  it('names non-finite numbers instead of calling them numbers', () => {
    expect(checkArgs(readFileSpec, { path: 'a', offset: NaN, limit: Infinity })).toEqual([
      {
        code: 'invalid_type',
        path: ['offset'],
        message: '"offset" must be a number, got NaN',
        expected: 'number',
        received: 'NaN',
      },
      {
        code: 'invalid_type',
        path: ['limit'],
        message: '"limit" must be a number, got Infinity',
        expected: 'number',
        received: 'Infinity',
      },
    ])
    expect(checkArgs(readFileSpec, { path: 'a', offset: -Infinity })[0]?.message).toBe(
      '"offset" must be a number, got -Infinity',
    )
  })

  it('names other JavaScript types', () => {
    const issues = checkArgs(readFileSpec, { path: 1n, offset: Symbol('x'), limit: () => 1 })
    expect(issues.map((issue) => issue.message)).toEqual([
      '"path" must be a string, got bigint',
      '"offset" must be a number, got symbol',
      '"limit" must be a number, got function',
    ])
  })

  it('is the code for a nested object or array of the wrong type, too', () => {
    expect(checkArgs(editFilesSpec, { edits: { 0: {} } })).toEqual([
      {
        code: 'invalid_type',
        path: ['edits'],
        message: '"edits" must be an array, got object',
        expected: 'array',
        received: 'object',
      },
    ])
    expect(checkArgs(editFilesSpec, { edits: [null, 'x'] })).toEqual([
      {
        code: 'invalid_type',
        path: ['edits', 0],
        message: '"edits[0]" must be an object, got null',
        expected: 'object',
        received: 'null',
      },
      {
        code: 'invalid_type',
        path: ['edits', 1],
        message: '"edits[1]" must be an object, got string',
        expected: 'object',
        received: 'string',
      },
    ])
  })

  it('reports a sparse array once, at the array, naming its first hole (SPEC §9.1)', () => {
    const spec = {
      list: { type: 'array', items: { type: 'string' } },
      any: { type: 'array' },
    } as const
    const list: unknown[] = ['a']
    list[2] = 'c'
    list[5] = 'f'
    const huge: unknown[] = []
    huge[2 ** 32 - 2] = 1
    expect(checkArgs(spec, { list, any: huge })).toEqual([
      {
        code: 'sparse_array',
        path: ['list'],
        message: '"list" is a sparse array (no element at index 1); arrays must be dense',
        index: 1,
      },
      {
        code: 'sparse_array',
        path: ['any'],
        message: '"any" is a sparse array (no element at index 0); arrays must be dense',
        index: 0,
      },
    ])
  })

  it('writes keys that are not identifiers in brackets', () => {
    const spec = {
      'odd key': { type: 'object', properties: { '2x': { type: 'number' } } },
    } as const
    expect(checkArgs(spec, { 'odd key': { '2x': 'two' } })[0]?.message).toBe(
      '"["odd key"]["2x"]" must be a number, got string',
    )
  })
})

describe('checkArgs: invalid_enum', () => {
  it('lists the allowed values and quotes what was given', () => {
    expect(checkArgs(readFileSpec, { path: 'a', encoding: 'latin1' })).toEqual([
      {
        code: 'invalid_enum',
        path: ['encoding'],
        message: '"encoding" must be one of "utf8", "base64", got "latin1"',
        expected: ['utf8', 'base64'],
        received: 'latin1',
      },
    ])
  })

  it('escapes the given string and cuts it after 64 characters', () => {
    expect(checkArgs(readFileSpec, { path: 'a', encoding: 'say "hi"\n' })[0]?.message).toBe(
      '"encoding" must be one of "utf8", "base64", got "say \\"hi\\"\\n"',
    )
    const long = 'x'.repeat(100)
    expect(checkArgs(readFileSpec, { path: 'a', encoding: long })).toEqual([
      {
        code: 'invalid_enum',
        path: ['encoding'],
        message: `"encoding" must be one of "utf8", "base64", got "${'x'.repeat(64)}…"`,
        expected: ['utf8', 'base64'],
        received: long,
      },
    ])
  })

  it('is invalid_type, still listing the values, for a value that is not a string', () => {
    expect(checkArgs(readFileSpec, { path: 'a', encoding: 8 })).toEqual([
      {
        code: 'invalid_type',
        path: ['encoding'],
        message: '"encoding" must be one of "utf8", "base64", got number',
        expected: 'string',
        received: 'number',
      },
    ])
  })

  it('compares strings exactly', () => {
    expect(checkArgs(readFileSpec, { path: 'a', encoding: 'UTF8' })).toMatchObject([
      { code: 'invalid_enum' },
    ])
    expect(checkArgs(readFileSpec, { path: 'a', encoding: 'utf8 ' })).toMatchObject([
      { code: 'invalid_enum' },
    ])
  })
})
