import { describe, expect, it } from 'vitest'
import { combinePreAnswers } from './combine-pre-answers.js'
import type { HookReply } from './combine-pre-answers.js'
import type { HookAnswer } from './hook-answer.js'

/** The reply of the hook whose command is `command`. */
function reply(command: string, answer: HookAnswer): HookReply {
  return { hook: { command, timeoutMs: 60_000, origin: { kind: 'cli' } }, answer }
}

describe('combinePreAnswers: the strictest answer of a call’s hooks wins (SPEC §19)', () => {
  it('a stop over a deny over a cancelled call, each with its reasons once', () => {
    const deny = reply('d', { permission: 'deny', reason: 'no' })
    const stop = reply('s', { stop: '' })
    const aborted = reply('a', { aborted: true })
    expect(combinePreAnswers([deny, stop, aborted], {}, false)).toEqual({
      kind: 'deny',
      code: 'HOOK_STOPPED',
      reason: 'hook "s" stopped the turn',
    })
    expect(combinePreAnswers([aborted, deny, deny], {}, false)).toEqual({
      kind: 'deny',
      code: 'HOOK_DENIED',
      reason: 'no',
    })
    expect(combinePreAnswers([reply('x', {}), aborted], {}, false)).toEqual({
      kind: 'deny',
      code: 'CANCELLED',
      reason: 'the call was cancelled while hook "a" ran',
    })
  })

  it('an ask over an allow, the winning kind’s reasons joined; nothing decided is none', () => {
    const allow = reply('a', { permission: 'allow', reason: 'fine' })
    const ask = reply('b', { permission: 'ask', reason: 'look' })
    expect(combinePreAnswers([allow, ask], {}, false)).toEqual({ kind: 'ask', reason: 'look' })
    expect(combinePreAnswers([allow, allow], {}, false)).toEqual({ kind: 'allow', reason: 'fine' })
    expect(combinePreAnswers([reply('c', { problem: 'exit 1' })], {}, false)).toEqual({
      kind: 'none',
    })
  })

  it('in parallel, edits must agree (Claude Code replaces, Gemini CLI merges into the original)', () => {
    const original = { command: 'ls', timeout: 5 }
    const replace = reply('r', { updatedInput: { command: 'ls -1', timeout: 5 } })
    const patch = reply('p', { updatedInput: { command: 'ls -1' }, patch: true })
    expect(combinePreAnswers([replace, patch], original, false)).toEqual({
      kind: 'none',
      arguments: { command: 'ls -1', timeout: 5 },
    })
    const other = reply('o', { updatedInput: { command: 'ls -a' } })
    expect(combinePreAnswers([replace, other], original, false)).toEqual({
      kind: 'deny',
      code: 'HOOK_CONFLICT',
      reason: 'hooks "r" and "o" rewrote the arguments differently',
    })
  })

  it('in sequence, each merge applies to what the ones before it left', () => {
    const first = reply('1', { updatedInput: { command: 'ls -1' }, patch: true })
    const second = reply('2', { updatedInput: { timeout: 9 }, patch: true })
    expect(combinePreAnswers([first, second], { command: 'ls', timeout: 5 }, true)).toEqual({
      kind: 'none',
      arguments: { command: 'ls -1', timeout: 9 },
    })
  })
})
