import { describe, expect, it } from 'vitest'
import { checkInput, isAbortSignal, isHookContext } from './checks.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const revoked = revokedProxy()

describe('isHookContext', () => {
  const content = [{ type: 'text', text: 'note' }]

  it('takes content from the user, or from a named plugin', () => {
    expect(isHookContext({ content, source: { kind: 'user' } })).toBe(true)
    expect(isHookContext({ content, source: { kind: 'plugin', plugin: 'lint' } })).toBe(true)
  })

  it('refuses a non-object, bad content, a missing or odd source, a plugin without a name', () => {
    for (const value of [
      null,
      'context',
      { content: 'note', source: { kind: 'user' } },
      { content },
      { content, source: null },
      { content, source: 'user' },
      { content, source: { kind: 'plugin' } },
      { content, source: { kind: 'plugin', plugin: 3 } },
      { content, source: { kind: 'system' } },
      { content, source: { plugin: 'lint' } },
    ]) {
      expect(isHookContext(value), JSON.stringify(value)).toBe(false)
    }
  })
})

describe('isAbortSignal', () => {
  it('is instanceof AbortSignal, and false rather than a throw for a revoked Proxy', () => {
    expect(isAbortSignal(new AbortController().signal)).toBe(true)
    expect(isAbortSignal({ aborted: false })).toBe(false)
    expect(isAbortSignal(revoked)).toBe(false)
  })
})

describe('checkInput', () => {
  const signal = new AbortController().signal

  it('accepts a usable identity: string callId and name, and optional agent, parent, signal', () => {
    expect(checkInput('call_1', 'read', undefined, undefined, undefined)).toBeUndefined()
    expect(checkInput('call_1', 'read', { id: 'a' }, Symbol('parent'), signal)).toBeUndefined()
  })

  it.each([
    [[1, 'read', undefined, undefined, undefined], 'callId must be a string, got 1'],
    [['c', null, undefined, undefined, undefined], 'name must be a string, got null'],
    [['c', 'read', 'alice', undefined, undefined], 'agent must be an agent object, got "alice"'],
    [['c', 'read', null, undefined, undefined], 'agent must be an agent object, got null'],
    [
      ['c', 'read', undefined, 'parent', undefined],
      'parent must be an execution token, got "parent"',
    ],
    [['c', 'read', undefined, undefined, {}], 'signal must be an AbortSignal, got an empty object'],
  ])('names the mistake: %j', (input, mistake) => {
    const error = checkInput(...(input as Parameters<typeof checkInput>))
    expect(error?.code).toBe('INVALID_INPUT')
    expect(error?.message).toBe(`invalid tool execution input: ${mistake}`)
  })

  it('takes a revoked Proxy for a signal as a mistake, not a throw', () => {
    expect(checkInput('c', 'read', undefined, undefined, revoked)?.message).toBe(
      'invalid tool execution input: signal must be an AbortSignal, got an unreadable object',
    )
  })

  it('names only the fields that are wrong: a good agent, parent or signal beside a bad callId is not a mistake', () => {
    expect(checkInput(1, 'read', { id: 'a' }, Symbol('parent'), signal)?.message).toBe(
      'invalid tool execution input: callId must be a string, got 1',
    )
  })

  it('names every mistake, in order, separated by "; "', () => {
    expect(checkInput(undefined, 2, 3, 4, 5)?.message).toBe(
      'invalid tool execution input: callId must be a string, got undefined; name must be a string, got 2; agent must be an agent object, got 3; parent must be an execution token, got 4; signal must be an AbortSignal, got 5',
    )
  })
})
