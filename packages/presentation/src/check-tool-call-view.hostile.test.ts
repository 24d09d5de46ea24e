import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { revokedProxy, throwingProxy } from '@toolpipe/hostile-values'
import { deeplyNestedContent, everyCoreBlock } from './__fixtures__/views.js'
import { checkToolCallView } from './check-tool-call-view.js'
import { isToolCallView } from './is-tool-call-view.js'

/** `checkToolCallView` on hostile values: it reports, never throws, and reads each member once. */

describe('checkToolCallView on hostile values', () => {
  it('reports a throwing getter instead of throwing', () => {
    const view = {
      card: 'generic',
      get title(): string {
        throw new Error('boom')
      },
    }
    expect(checkToolCallView(view)).toEqual([
      { code: 'not_json', path: ['title'], message: '"title" could not be read: boom' },
    ])
  })

  it('reports a getter that throws a non-Error, or something unprintable', () => {
    const throwing = (thrown: unknown) => ({
      card: 'terminal',
      title: 't',
      get cwd(): string {
        throw thrown
      },
    })
    expect(checkToolCallView(throwing('nope'))[0]?.message).toBe('"cwd" could not be read: nope')
    const unprintable = {
      toString: () => {
        throw new Error('no')
      },
      get message() {
        throw new Error('no')
      },
    }
    expect(checkToolCallView(throwing(unprintable))[0]?.message).toBe(
      '"cwd" could not be read: <unprintable thrown value>',
    )
  })

  it('reads each getter once', () => {
    let reads = 0
    const view = {
      card: 'generic',
      get title() {
        reads++
        return 't'
      },
    }
    expect(isToolCallView(view)).toBe(true)
    expect(reads).toBe(1)
  })

  it.each([
    [
      'a Proxy whose traps throw',
      throwingProxy({ card: 'generic', title: 't' }, new Error('trap')),
    ],
    ['a Proxy whose traps throw a non-Error', throwingProxy({}, Symbol('trap'))],
    ['a revoked Proxy', revokedProxy()],
  ])('%s as the view', (_label, view) => {
    const issues = checkToolCallView(view)
    expect(issues).toMatchObject([{ code: 'not_json', path: [] }])
    expect(isToolCallView(view)).toBe(false)
  })

  it('a Proxy deep inside, and a getter inside rawInput', () => {
    const locations = [throwingProxy({ path: 'a' }, new Error('trap'))]
    expect(checkToolCallView({ card: 'generic', title: 't', locations })).toMatchObject([
      {
        code: 'not_json',
        path: ['locations', 0],
        message: '"locations[0]" could not be read: trap',
      },
    ])
    const rawInput = {
      get path(): string {
        throw new Error('getter')
      },
    }
    expect(checkToolCallView({ card: 'generic', title: 't', rawInput })).toMatchObject([
      { code: 'not_json', path: ['rawInput'], message: '"rawInput" could not be read: getter' },
    ])
  })

  it('accepts a well-behaved Proxy over a plain view', () => {
    expect(isToolCallView(new Proxy({ card: 'generic', title: 't' }, {}))).toBe(true)
  })

  it('cycles in rawInput and in content', () => {
    const rawInput: Record<string, unknown> = {}
    rawInput.self = rawInput
    expect(checkToolCallView({ card: 'generic', title: 't', rawInput })).toMatchObject([
      { code: 'not_json', path: ['rawInput'] },
    ])
    const content: unknown[] = []
    content.push({ type: 'tool-result', toolCallId: 'c', content })
    const issues = checkToolCallView({ card: 'generic', title: 't', content })
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ code: 'not_json' })
    expect(issues[0]?.message).toMatch(/is nested deeper than 512 containers$/)
  })

  it('content nested 100,000 levels deep, without overflowing the stack', () => {
    const issues = checkToolCallView({
      card: 'generic',
      title: 't',
      content: deeplyNestedContent(100_000),
    })
    expect(issues).toHaveLength(1)
    expect(issues[0]?.code).toBe('not_json')
  })

  it('content nested within the limit', () => {
    const view = { card: 'generic', title: 't', content: deeplyNestedContent(200) }
    expect(checkToolCallView(view)).toEqual([])
  })

  it('never throws, and agrees with isToolCallView, whatever the value (property)', () => {
    const member = fc.oneof(fc.anything(), fc.constantFrom('generic', 'terminal', 'diff'))
    const viewish = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom('card', 'title', 'kind', 'diffs', 'locations', 'content', 'cwd'),
        member,
      ),
    )
    fc.assert(
      fc.property(viewish, (value) => {
        const issues = checkToolCallView(value)
        return isToolCallView(value) === (issues.length === 0)
      }),
      { numRuns: 300 },
    )
  })

  it('keeps the core block kinds exhaustive in its fixtures', () => {
    expect(new Set(everyCoreBlock.map((block) => block.type))).toEqual(
      new Set(['text', 'reasoning', 'image', 'tool-call', 'tool-result']),
    )
  })
})
