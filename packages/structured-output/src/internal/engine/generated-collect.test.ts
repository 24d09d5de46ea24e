import { describe, expect, it } from 'vitest'
import { compile } from './__fixtures__/compile.js'
import { canGenerateCode } from './generated-test.js'

// The generated issue walk of the arguments dialect's root object (generated-collect.ts): the
// cases the differential tests meet rarely. Each expectation is the closures' walk (the
// reference) and, where `new Function` is allowed, the generated walk's too.

/** Both back ends' walks of a value `make` makes (a value of its own each: getters count reads). */
function bothWalks(schema: unknown, make: () => unknown) {
  const closures = compile(schema, 'args', 'closures').collect(make())
  const generated = canGenerateCode()
    ? compile(schema, 'args', 'generated').collect(make())
    : closures
  return { closures, generated }
}

/** The walks' issues as [code, path] pairs, after checking the back ends agree. */
function agreed({ closures, generated }: ReturnType<typeof bothWalks>) {
  expect(generated).toEqual(closures)
  return closures.map((issue) => [issue.code, [...issue.path]])
}

function walked(schema: unknown, make: () => unknown) {
  return agreed(bothWalks(schema, make))
}

/**
 * Objects whose `path` getter throws and whose `offset` getter answers -1, made by `make`, and
 * how many times their getters ran, all objects together.
 */
function countedReads() {
  const counted = { reads: 0 }
  const make = () =>
    Object.defineProperties(
      {},
      {
        path: {
          enumerable: true,
          get: () => {
            counted.reads++
            throw new Error('path')
          },
        },
        offset: {
          enumerable: true,
          get: () => {
            counted.reads++
            return -1
          },
        },
      },
    )
  return { make, reads: () => counted.reads }
}

const readFile = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    offset: { type: 'integer', minimum: 0 },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
  },
  required: ['path'],
}

describe("the arguments dialect's generated root walk", () => {
  it('gives each issue in declaration order, however the members are listed', () => {
    const make = () => ({ encoding: 'latin1', offset: -1, path: 42 })
    expect(walked(readFile, make)).toEqual([
      ['invalid_type', ['path']],
      ['below_minimum', ['offset']],
      ['invalid_enum', ['encoding']],
    ])
    expect(walked(readFile, () => ({ offset: 1 }))).toEqual([['missing', ['path']]])
  })

  it('reads each member once; a getter that throws is that member unreadable, the rest go on', () => {
    const { make, reads } = countedReads()
    expect(walked(readFile, make)).toEqual([
      ['unreadable', ['path']],
      ['below_minimum', ['offset']],
    ])
    expect(reads()).toBe(canGenerateCode() ? 4 : 2)
  })

  it('takes only own enumerable members: an inherited or hidden one is missing', () => {
    const hidden = () => Object.defineProperty({}, 'path', { value: 'a.ts', enumerable: false })
    expect(walked(readFile, hidden)).toEqual([['missing', ['path']]])
    // Compared once Object.prototype is itself again: the matchers read through it.
    const prototype = Object.prototype as Record<string, unknown>
    let inherited, throwing
    try {
      prototype.path = 'a.ts'
      inherited = bothWalks(readFile, () => ({ offset: 2 }))
      // Its getter throws: read by name, then found to be no member, it is no issue either.
      Object.defineProperty(prototype, 'path', {
        configurable: true,
        get: () => {
          throw new Error('inherited')
        },
      })
      throwing = bothWalks(readFile, () => ({ offset: 2 }))
    } finally {
      delete prototype.path
    }
    expect(agreed(inherited)).toEqual([['missing', ['path']]])
    expect(agreed(throwing)).toEqual([['missing', ['path']]])
  })

  it('refuses the members a closed object does not name, after the declared ones', () => {
    const closed = { ...readFile, additionalProperties: false }
    const make = () => ({ extra: 1, path: 7, other: undefined, more: 'x' })
    expect(walked(closed, make)).toEqual([
      ['invalid_type', ['path']],
      ['unknown_property', ['extra']],
      ['unknown_property', ['more']],
    ])
  })

  it('leaves what is not an ordinary object to the closures, whole', () => {
    class Args {
      path = 3
    }
    const trap = () => {
      throw new Error('trap')
    }
    for (const [make, expected] of [
      [() => [1], [['invalid_type', []]]],
      [() => 'a.ts', [['invalid_type', []]]],
      [
        () => Object.assign(Object.create(null) as object, { path: 3 }),
        [['invalid_type', ['path']]],
      ],
      [() => new Args(), [['invalid_type', ['path']]]],
      [() => new Proxy({ path: 'a' }, { getPrototypeOf: trap }), [['unreadable', []]]],
      // It says its prototype is Object.prototype; listing its keys throws.
      [() => new Proxy({ path: 'a' }, { ownKeys: trap }), [['unreadable', []]]],
      // Every read throws, of a member or not.
      [
        () => new Proxy({ path: 'a', offset: 1 }, { get: trap }),
        [
          ['unreadable', ['path']],
          ['unreadable', ['offset']],
        ],
      ],
    ] as const) {
      expect(walked(readFile, make)).toEqual(expected)
    }
  })

  it('stops at the issue budget, as the closures do', () => {
    const schema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'string' } },
        path: { type: 'string' },
      },
      required: ['list', 'path'],
    }
    const found = walked(schema, () => ({ list: Array.from({ length: 150 }, () => 0) }))
    expect(found).toHaveLength(101)
    expect(found.at(-1)).toEqual(['too_many_issues', []])
    expect(found.some(([code]) => code === 'missing')).toBe(false)
  })
})

// Below the root: each object node of the arguments dialect has a generated walk of its own,
// which the walk of the array above it calls (collect-child.ts). The same cases, one level down.
const readFiles = {
  type: 'object',
  properties: { files: { type: 'array', items: readFile } },
  required: ['files'],
}

/** `make`'s value as the second of two files, after a valid one. */
function second(make: () => unknown) {
  return () => ({ files: [{ path: 'a.ts' }, make()] })
}

/** The walk's [code, path] pairs with the `files[1]` the paths start with taken off. */
function walkedBelow(schema: unknown, make: () => unknown) {
  return walked(schema, second(make)).map(([code, path]) => {
    expect(path?.slice(0, 2)).toEqual(['files', 1])
    return [code, path?.slice(2)]
  })
}

describe("the arguments dialect's generated walk of an object below the root", () => {
  it('gives each issue in declaration order, however the members are listed', () => {
    expect(walkedBelow(readFiles, () => ({ encoding: 'latin1', offset: -1, path: 42 }))).toEqual([
      ['invalid_type', ['path']],
      ['below_minimum', ['offset']],
      ['invalid_enum', ['encoding']],
    ])
    expect(walkedBelow(readFiles, () => ({ offset: 1 }))).toEqual([['missing', ['path']]])
  })

  it('reads each member once in its walk; a getter that throws is that member unreadable', () => {
    const { make, reads } = countedReads()
    expect(walkedBelow(readFiles, make)).toEqual([
      ['unreadable', ['path']],
      ['below_minimum', ['offset']],
    ])
    // Each back end: the element's test stops at the first read, which throws; its walk reads
    // both members, once each.
    expect(reads()).toBe(canGenerateCode() ? 6 : 3)
  })

  it('takes only own enumerable members: an inherited or hidden one is missing', () => {
    const hidden = () => Object.defineProperty({}, 'path', { value: 'a.ts', enumerable: false })
    expect(walkedBelow(readFiles, hidden)).toEqual([['missing', ['path']]])
    const prototype = Object.prototype as Record<string, unknown>
    let inherited
    try {
      prototype.path = 'a.ts'
      inherited = bothWalks(
        readFiles,
        second(() => ({ offset: 2 })),
      )
    } finally {
      delete prototype.path
    }
    expect(agreed(inherited)).toEqual([['missing', ['files', 1, 'path']]])
  })

  it('refuses the members a closed object does not name, after the declared ones', () => {
    const closed = {
      ...readFiles,
      properties: { files: { type: 'array', items: { ...readFile, additionalProperties: false } } },
    }
    expect(walkedBelow(closed, () => ({ extra: 1, path: 7, more: 'x' }))).toEqual([
      ['invalid_type', ['path']],
      ['unknown_property', ['extra']],
      ['unknown_property', ['more']],
    ])
  })

  it('leaves what is not an ordinary object to the closures', () => {
    const trap = () => {
      throw new Error('trap')
    }
    for (const [make, expected] of [
      [() => [1], [['invalid_type', []]]],
      [() => null, [['invalid_type', []]]],
      [
        () => Object.assign(Object.create(null) as object, { path: 3 }),
        [['invalid_type', ['path']]],
      ],
      [() => new Proxy({ path: 'a' }, { ownKeys: trap }), [['unreadable', []]]],
    ] as const) {
      expect(walkedBelow(readFiles, make)).toEqual(expected)
    }
  })

  it('stops at the issue budget, as the closures do, across the elements', () => {
    const found = walked(readFiles, () => ({
      files: Array.from({ length: 60 }, () => ({ offset: -1 })),
    }))
    expect(found).toHaveLength(101)
    expect(found.slice(0, 2)).toEqual([
      ['missing', ['files', 0, 'path']],
      ['below_minimum', ['files', 0, 'offset']],
    ])
    expect(found.at(-1)).toEqual(['too_many_issues', []])
  })
})
