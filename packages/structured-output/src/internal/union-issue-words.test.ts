import { describe, expect, it } from 'vitest'
import type { RawIssue } from './engine/raw-issue.js'
import { unionMessage } from './union-issue-words.js'
import type { UnionRawIssue, UnionWords, WordedIssue } from './union-issue-words.js'
import { unconstrained } from './node-definition.js'
import type { TypedNodeDefinition } from './node-definition.js'

const words: UnionWords = {
  alternatives: 'members of its anyOf',
  subject: (path) => (path.length === 0 ? 'the value' : `"${path.join('.')}"`),
  expected: (node) => (node.nullable ? `a ${node.type} or null` : `a ${node.type}`),
}

function node(type: TypedNodeDefinition['type'], nullable = false): TypedNodeDefinition {
  return { kind: 'typed', type, nullable, ...unconstrained }
}

function typeIssue(path: (string | number)[], type: TypedNodeDefinition['type']): RawIssue {
  return { code: 'invalid_type', path, node: node(type), value: true }
}

function worded(code: string, path: (string | number)[], message: string): WordedIssue {
  return { code, path, message }
}

/**
 * The engine's issue for a union of `members` alternatives (as many as `alternatives` unless
 * given), `wanted` set as the engine sets it when each refused the type alone.
 */
function union(
  path: (string | number)[],
  alternatives: RawIssue[][],
  options: { members?: number; wanted?: TypedNodeDefinition[] } = {},
): UnionRawIssue {
  const members = options.members ?? alternatives.length
  return {
    code: 'invalid_union',
    path,
    node: { kind: 'anyOf', anyOf: Array.from({ length: members }, () => node('string')) },
    value: true,
    alternatives,
    wanted: options.wanted,
  }
}

describe('unionMessage', () => {
  it('names the types that would do when each alternative refused the type alone', () => {
    const raw = union(['id'], [[typeIssue(['id'], 'string')], [typeIssue(['id'], 'string')]], {
      wanted: [node('string')],
    })
    expect(unionMessage(raw, [[], []], 'boolean', words)).toBe('"id" must be a string, got boolean')
    const twoTypes = union([], [[typeIssue([], 'string')], [typeIssue([], 'integer')]], {
      wanted: [node('string'), node('integer')],
    })
    expect(unionMessage(twoTypes, [[], []], 'boolean', words)).toBe(
      'the value must be a string or a integer, got boolean',
    )
  })

  it('quotes what each alternative found otherwise, three issues each', () => {
    const raw = union(
      [],
      [
        [typeIssue([], 'string')],
        [
          { code: 'missing', path: ['a'], node: node('string') },
          { code: 'missing', path: ['b'], node: node('string') },
          { code: 'missing', path: ['c'], node: node('string') },
          { code: 'missing', path: ['d'], node: node('string') },
        ],
      ],
    )
    const found = [
      [worded('invalid_type', [], 'the value must be a string, got object')],
      ['a', 'b', 'c', 'd'].map((key) => worded('missing', [key], `missing "${key}"`)),
    ]
    expect(unionMessage(raw, found, 'object', words)).toBe(
      'the value matches none of the 2 members of its anyOf: (1) the value must be a string, got object; (2) missing "a", missing "b", missing "c", …',
    )
  })

  it('names a nested union that quotes its own alternatives by its first sentence only', () => {
    const nested: WordedIssue = {
      code: 'invalid_union',
      path: ['x'],
      message: '"x" matches none of the 2 members of its anyOf: (1) …; (2) …',
      alternatives: [
        [worded('missing', ['x', 'a'], 'missing "a"')],
        [worded('missing', ['x', 'b'], 'missing "b"')],
      ],
    }
    const typesOnly: WordedIssue = {
      code: 'invalid_union',
      path: ['y'],
      message: '"y" must be a string or a number, got boolean',
      alternatives: [[worded('invalid_type', ['y'], '…')], [worded('invalid_type', ['y'], '…')]],
    }
    const raw = union([], [[], []])
    expect(unionMessage(raw, [[nested], [typesOnly]], 'object', words)).toBe(
      'the value matches none of the 2 members of its anyOf: (1) "x" matches none of the 2 members of its anyOf; (2) "y" must be a string or a number, got boolean',
    )
  })

  it('quotes at most 20 alternatives, then says how many more', () => {
    const raw = union(
      [],
      Array.from({ length: 22 }, () => []),
    )
    const found = raw.alternatives.map((_, index) => [worded('missing', [], `m${index + 1}`)])
    const message = unionMessage(raw, found, 'object', words)
    expect(message).toContain('(20) m20; and 2 more')
    expect(message).not.toContain('(21)')
    expect(message.startsWith('the value matches none of the 22 members of its anyOf: ')).toBe(true)
  })

  it('counts every member of the anyOf, not the 20 whose issues were kept (SPEC §22)', () => {
    const raw = union(
      [],
      Array.from({ length: 20 }, () => []),
      { members: 100 },
    )
    const found = raw.alternatives.map((_, index) => [worded('missing', [], `m${index + 1}`)])
    const message = unionMessage(raw, found, 'object', words)
    expect(message.startsWith('the value matches none of the 100 members of its anyOf: ')).toBe(
      true,
    )
    expect(message.endsWith('(20) m20; and 80 more')).toBe(true)
  })

  it('counts a nested union by its node, its kept alternatives aside', () => {
    const alternatives = Array.from({ length: 20 }, (): RawIssue[] => [
      { code: 'missing', path: ['x', 'a'], node: node('string') },
    ])
    const nestedRaw = union(['x'], alternatives, { members: 150 })
    const nested: WordedIssue = {
      code: 'invalid_union',
      path: ['x'],
      message: '"x" matches none of the 150 members of its anyOf: …',
      alternatives: alternatives.map(() => [worded('missing', ['x', 'a'], 'missing "x.a"')]),
    }
    expect(unionMessage(union([], [[nestedRaw]]), [[nested]], 'object', words)).toBe(
      'the value matches none of the 1 members of its anyOf: (1) "x" matches none of the 150 members of its anyOf',
    )
    // A nested union that lists the types it wanted is quoted whole.
    const typed = union(['x'], [[typeIssue(['x'], 'string')]], { wanted: [node('string')] })
    const typedWords: WordedIssue = { ...nested, message: '"x" must be a string, got boolean' }
    expect(unionMessage(union([], [[typed]]), [[typedWords]], 'object', words)).toBe(
      'the value matches none of the 1 members of its anyOf: (1) "x" must be a string, got boolean',
    )
  })
})
