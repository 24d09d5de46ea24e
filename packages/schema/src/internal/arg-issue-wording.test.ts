import { readSchema } from '@toolpipe/structured-output/internal'
import type {
  AnyOfNodeDefinition,
  NodeDefinition,
  RawIssue,
  TypedNodeDefinition,
} from '@toolpipe/structured-output/internal'
import { describe, expect, it } from 'vitest'
import { ArgIssueWording } from './arg-issue-wording.js'

/**
 * The wording's own contract, for what `checkArgs` cannot reach: the engine is shared with
 * `@toolpipe/structured-output`, whose plain-data dialect and closed objects make issues a spec
 * never compiles to. Nodes come from the engine's own reader.
 */
function nodeOf(schema: object): NodeDefinition {
  const { node } = readSchema(schema, 'any')
  if (node === undefined) throw new Error('the test schema is outside the subset')
  return node
}

const stringNode = nodeOf({ type: 'string' }) as TypedNodeDefinition
const unionNode = nodeOf({ anyOf: [{ type: 'object' }, { type: 'string' }] }) as AnyOfNodeDefinition

describe('ArgIssueWording', () => {
  it('drops the codes a spec never compiles to: unknown_property, invalid_const, cycle', () => {
    const issues: RawIssue[] = [
      { code: 'unknown_property', path: ['extra'] },
      { code: 'invalid_const', path: ['kind'], node: stringNode, value: 'b' },
      { code: 'cycle', path: ['self'], ancestorPath: [] },
      { code: 'missing', path: ['path'], node: stringNode },
    ]
    expect(new ArgIssueWording().word(issues, 'arguments')).toEqual([
      {
        code: 'missing',
        path: ['path'],
        message: 'missing required property "path"',
        expected: 'string',
      },
    ])
  })

  it('drops them inside the alternatives of a union too', () => {
    const value = { extra: 1 }
    const issues: RawIssue[] = [
      {
        code: 'invalid_union',
        path: ['target'],
        node: unionNode,
        value,
        alternatives: [
          [
            { code: 'unknown_property', path: ['target', 'extra'] },
            { code: 'missing', path: ['target', 'line'], node: stringNode },
          ],
          [{ code: 'invalid_type', path: ['target'], node: stringNode, value }],
        ],
        wanted: undefined,
      },
    ]
    expect(new ArgIssueWording().word(issues, 'arguments')).toEqual([
      {
        code: 'invalid_union',
        path: ['target'],
        message:
          '"target" matches none of the 2 members of its anyOf: (1) missing required property "target.line"; (2) "target" must be a string, got object',
        alternatives: [
          [
            {
              code: 'missing',
              path: ['target', 'line'],
              message: 'missing required property "target.line"',
              expected: 'string',
            },
          ],
          [
            {
              code: 'invalid_type',
              path: ['target'],
              message: '"target" must be a string, got object',
              expected: 'string',
              received: 'object',
            },
          ],
        ],
      },
    ])
  })

  it('words each place for itself, whatever it worded before (its memo keys one-key paths only)', () => {
    const wording = new ArgIssueWording()
    const at = (...path: (string | number)[]): RawIssue => ({
      code: 'invalid_type',
      path,
      node: stringNode,
      value: 1,
    })
    const messages = (issues: RawIssue[]): string[] =>
      wording.word(issues, 'value').map((issue) => issue.message)
    const first = [at('edits'), at('edits', 0, 'path'), at('edits', 1, 'path'), at(1), at('1')]
    const expected = [
      '"edits" must be a string, got number',
      '"edits[0].path" must be a string, got number',
      '"edits[1].path" must be a string, got number',
      '"[1]" must be a string, got number',
      '"["1"]" must be a string, got number',
    ]
    expect(messages(first)).toEqual(expected)
    // Asked again, in the other order: the same words.
    expect(messages([...first].reverse())).toEqual([...expected].reverse())
  })
})

describe('the subject of a deeper path', () => {
  /** What `missing` says of `path`, worded by `wording` (one memo across the calls). */
  function missingOf(wording: ArgIssueWording, path: (string | number)[]): string | undefined {
    return wording.word([{ code: 'missing', path, node: stringNode }], 'arguments')[0]?.message
  }

  it('is the path as every toolpipe message writes it, the first time and from the memo', () => {
    const paths: [(string | number)[], string][] = [
      [['edits', 3, 'path'], 'edits[3].path'],
      [[3, 'path'], '[3].path'],
      [['odd key', 'path'], '["odd key"].path'],
      [['edits', 'odd key', 0], 'edits["odd key"][0]'],
      [['a', 'b'], 'a.b'],
      [['', 'b'], '[""].b'],
      // `edits` after a key, where the memo holds it first too.
      [['b', 'edits'], 'b.edits'],
    ]
    const wording = new ArgIssueWording()
    for (let round = 0; round < 2; round++) {
      for (const [path, written] of paths) {
        expect(missingOf(wording, path)).toBe(`missing required property "${written}"`)
      }
    }
  })

  it('is written the same once the memo is full', () => {
    const wording = new ArgIssueWording()
    for (let index = 0; index < 5000; index++) missingOf(wording, ['rows', index])
    expect(missingOf(wording, ['rows', 4999, 'odd key'])).toBe(
      'missing required property "rows[4999]["odd key"]"',
    )
  })
})
