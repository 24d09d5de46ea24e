import { describe, expect, it } from 'vitest'
import type { NodeDefinition } from '../node-definition.js'
import { compile } from './__fixtures__/compile.js'
import { ChildWalks } from './collect-child.js'
import type { Collect, Dialect, Test } from './node-check.js'
import { canGenerateCode } from './generated-test.js'

// The issue walk tries a child's fast test before it walks the child (collect-child.ts). Where
// code generation works, that test is the generated back end's function for the child's node:
// the closures' test answers the same, several times slower, and a long array with one bad
// element would pay it on every other element.

const node = (type: string) => ({ kind: 'typed', type }) as unknown as NodeDefinition

describe('ChildWalks', () => {
  it('replaces the tests and walks it has functions for, by node and depth, and keeps the others', () => {
    const walks = new ChildWalks()
    const object = node('object')
    const array = node('array')
    const closureTest: Test = () => false
    const closureWalk: Collect = () => undefined
    const generatedTest: Test = () => true
    const generatedWalk: Collect = () => undefined
    const atOne = { test: closureTest, collect: closureWalk }
    const atTwo = { test: closureTest, collect: closureWalk }
    const other = { test: closureTest, collect: closureWalk }
    walks.add(object, 1, atOne)
    walks.add(object, 2, atTwo)
    walks.add(array, 1, other)
    const atObjectOne = (asked: NodeDefinition, depth: number) => asked === object && depth === 1
    walks.replace(
      (asked, depth) => (atObjectOne(asked, depth) ? generatedTest : undefined),
      (asked, depth) => (asked === object && depth === 2 ? generatedWalk : undefined),
    )
    expect(atOne).toEqual({ test: generatedTest, collect: closureWalk })
    expect(atTwo).toEqual({ test: closureTest, collect: generatedWalk })
    expect(other).toEqual({ test: closureTest, collect: closureWalk })
  })
})

const edits = {
  type: 'object',
  properties: {
    edits: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          old_text: { type: 'string' },
          new_text: { type: 'string' },
          replace_all: { type: 'boolean' },
        },
        required: ['path', 'old_text', 'new_text'],
      },
    },
  },
  required: ['edits'],
}

/**
 * The names read from a valid edit that is a Proxy, followed by an invalid one, while the
 * validator `dialect` gets here (with the back end it gets here) tests and walks the list. The
 * generated test reads every declared name first (`replace_all` too, which the edit lacks); the
 * closures' test and walk read only what the object lists.
 */
function namesRead(dialect: Dialect): string[] {
  const read: string[] = []
  const edit = new Proxy(
    { path: 'a.ts', old_text: 'a', new_text: 'b' },
    {
      get(target, key, receiver) {
        if (typeof key === 'string') read.push(key)
        return Reflect.get(target, key, receiver) as unknown
      },
    },
  )
  const issues = compile(edits, dialect).collect({
    edits: [edit, { path: 7, old_text: 'a', new_text: 'b' }],
  })
  expect(issues.map((issue) => [issue.code, [...issue.path]])).toEqual([
    ['invalid_type', ['edits', 1, 'path']],
  ])
  return read
}

describe("the walk's child tests", () => {
  it.each(['args', 'json'] as const)(
    'are the generated ones where code generation works (%s dialect), else the closures',
    (dialect) => {
      const read = namesRead(dialect)
      const tests = read.filter((name) => name === 'path').length
      // Tested once: the walk does not test the whole array before it walks it, which would go
      // over its valid elements twice.
      expect(tests).toBe(1)
      // Each test of the element, generated, reads `replace_all`; the closures never do.
      const expected = canGenerateCode() ? tests : 0
      expect(read.filter((name) => name === 'replace_all')).toHaveLength(expected)
    },
  )
})

describe('the walk of an object below the root, in the arguments dialect', () => {
  it('is the generated one where code generation works, else the closures', () => {
    const read: string[] = []
    const edit = new Proxy(
      { path: 7, old_text: 'a', new_text: 'b' },
      {
        get(target, key, receiver) {
          if (typeof key === 'string') read.push(key)
          return Reflect.get(target, key, receiver) as unknown
        },
      },
    )
    const issues = compile(edits, 'args').collect({ edits: [edit] })
    expect(issues.map((issue) => [issue.code, [...issue.path]])).toEqual([
      ['invalid_type', ['edits', 0, 'path']],
    ])
    // The element's test fails, then its walk runs. Generated, each reads every declared name
    // (`replace_all` too, which the edit lacks); the closures read only what the object lists.
    expect(read.filter((name) => name === 'replace_all')).toHaveLength(canGenerateCode() ? 2 : 0)
  })
})
