import { describe, expect, it } from 'vitest'
import type { RawIssue } from './engine/raw-issue.js'
import { unionMessage } from './union-issue-words.js'
import type { UnionWords, WordedIssue } from './union-issue-words.js'
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

describe('unionMessage', () => {
  it('names the types that would do when each alternative refused the type alone', () => {
    const raw = [[typeIssue(['id'], 'string')], [typeIssue(['id'], 'string')]]
    expect(unionMessage(raw, [[], []], ['id'], 'boolean', words)).toBe(
      '"id" must be a string, got boolean',
    )
    const twoTypes = [[typeIssue([], 'string')], [typeIssue([], 'integer')]]
    expect(unionMessage(twoTypes, [[], []], [], 'boolean', words)).toBe(
      'the value must be a string or a integer, got boolean',
    )
  })

  it('quotes what each alternative found otherwise, three issues each', () => {
    const raw: RawIssue[][] = [
      [typeIssue([], 'string')],
      [
        { code: 'missing', path: ['a'], node: node('string') },
        { code: 'missing', path: ['b'], node: node('string') },
        { code: 'missing', path: ['c'], node: node('string') },
        { code: 'missing', path: ['d'], node: node('string') },
      ],
    ]
    const found = [
      [worded('invalid_type', [], 'the value must be a string, got object')],
      ['a', 'b', 'c', 'd'].map((key) => worded('missing', [key], `missing "${key}"`)),
    ]
    expect(unionMessage(raw, found, [], 'object', words)).toBe(
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
    const raw: RawIssue[][] = [[], []]
    expect(unionMessage(raw, [[nested], [typesOnly]], [], 'object', words)).toBe(
      'the value matches none of the 2 members of its anyOf: (1) "x" matches none of the 2 members of its anyOf; (2) "y" must be a string or a number, got boolean',
    )
  })

  it('quotes at most 20 alternatives, then says how many more', () => {
    const raw: RawIssue[][] = Array.from({ length: 22 }, () => [])
    const found = raw.map((_, index) => [worded('missing', [], `m${index + 1}`)])
    const message = unionMessage(raw, found, [], 'object', words)
    expect(message).toContain('(20) m20; and 2 more')
    expect(message).not.toContain('(21)')
    expect(message.startsWith('the value matches none of the 22 members of its anyOf: ')).toBe(true)
  })
})
