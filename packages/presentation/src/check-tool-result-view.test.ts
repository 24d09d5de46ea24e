import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { revokedProxy } from '@toolpipe/hostile-values'
import { arbitraryResultView, validResultViews } from './__fixtures__/views.js'
import { checkToolResultView } from './check-tool-result-view.js'
import { isToolResultView } from './is-tool-result-view.js'

describe('checkToolResultView accepts', () => {
  it.each(validResultViews)('%s', (_label, view) => {
    expect(checkToolResultView(view)).toEqual([])
    expect(isToolResultView(view)).toBe(true)
  })

  it('exitCode or signal present as undefined beside the other', () => {
    expect(checkToolResultView({ card: 'terminal', exitCode: 0, signal: undefined })).toEqual([])
    expect(
      checkToolResultView({ card: 'terminal', exitCode: undefined, signal: 'SIGINT' }),
    ).toEqual([])
  })

  it('any valid card (property)', () => {
    fc.assert(
      fc.property(arbitraryResultView, (view) => checkToolResultView(view).length === 0),
      { numRuns: 200 },
    )
  })
})

describe('checkToolResultView refuses', () => {
  it('a terminal result with both exitCode and signal', () => {
    expect(checkToolResultView({ card: 'terminal', exitCode: 137, signal: 'SIGKILL' })).toEqual([
      {
        code: 'exclusive',
        path: ['signal'],
        message: '"exitCode" and "signal" exclude each other: a process either exits or is killed',
      },
    ])
    expect(isToolResultView({ card: 'terminal', exitCode: 0, signal: 'SIGTERM' })).toBe(false)
  })

  it('both exitCode and signal, beside other issues', () => {
    const view = { card: 'terminal', exitCode: 1.5, signal: 'SIGTERM', exitcode: 1 }
    expect(checkToolResultView(view).map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_value', ['exitCode']],
      ['unknown_property', ['exitcode']],
      ['exclusive', ['signal']],
    ])
  })

  it.each([
    ['not an object', 'done', 'not_object', []],
    ['a revoked Proxy', revokedProxy(), 'not_json', []],
    ['a missing card', { title: 't' }, 'missing', ['card']],
    ['an unknown card', { card: 'table' }, 'invalid_value', ['card']],
    [
      'a pending-only member on a generic result',
      { card: 'generic', kind: 'read' },
      'unknown_property',
      ['kind'],
    ],
    [
      'rawInput on a generic result',
      { card: 'generic', rawInput: {} },
      'unknown_property',
      ['rawInput'],
    ],
    ['a title that is not a string', { card: 'generic', title: 1 }, 'invalid_type', ['title']],
    [
      'content that is not content',
      { card: 'generic', content: [{ type: 'image', data: 'x' }] },
      'missing',
      ['content', 0, 'mimeType'],
    ],
    ['a typo in exitCode', { card: 'terminal', exitcode: 0 }, 'unknown_property', ['exitcode']],
    ['a cwd on a terminal result', { card: 'terminal', cwd: '/' }, 'unknown_property', ['cwd']],
    ['a fractional exitCode', { card: 'terminal', exitCode: 1.5 }, 'invalid_value', ['exitCode']],
    [
      'an infinite exitCode',
      { card: 'terminal', exitCode: Number.POSITIVE_INFINITY },
      'invalid_value',
      ['exitCode'],
    ],
    ['a string exitCode', { card: 'terminal', exitCode: '0' }, 'invalid_type', ['exitCode']],
    ['a null exitCode', { card: 'terminal', exitCode: null }, 'invalid_type', ['exitCode']],
    ['a numeric signal', { card: 'terminal', signal: 9 }, 'invalid_type', ['signal']],
    [
      'output that is not a string',
      { card: 'terminal', output: ['a'] },
      'invalid_type',
      ['output'],
    ],
    ['a diff result without diffs', { card: 'diff', title: 't' }, 'missing', ['diffs']],
    [
      'a diff result with a bad diff',
      { card: 'diff', diffs: [{ path: 'a', oldText: null }] },
      'missing',
      ['diffs', 0, 'newText'],
    ],
  ])('%s', (_label, view, code, path) => {
    const issues = checkToolResultView(view)
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ code, path })
    expect(isToolResultView(view)).toBe(false)
  })

  it('never throws, and agrees with isToolResultView, whatever the value (property)', () => {
    const member = fc.oneof(
      fc.anything(),
      fc.constantFrom('generic', 'terminal', 'diff'),
      fc.integer(),
    )
    const viewish = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom('card', 'title', 'output', 'exitCode', 'signal', 'diffs'),
        member,
      ),
    )
    fc.assert(
      fc.property(viewish, (value) => {
        const issues = checkToolResultView(value)
        return isToolResultView(value) === (issues.length === 0)
      }),
      { numRuns: 300 },
    )
  })
})
