import { describe, expect, it } from 'vitest'
import { ListenerError } from '../listener-error.js'
import { ToolFailedError } from '../tool-failed-error.js'
import { ResultNotJson, failureResult, resultNotJson } from './error-result.js'

/**
 * SPEC §6.3 "Error results" for a thrown value: a HarnessError keeps its name and code, anything
 * else is coded by whose code threw it, and a result part that was not JSON is `NOT_JSON`.
 */

const brand = Symbol.for('@toolpipe/core/harness-error')

/** A HarnessError from another copy of the package: branded, not an instance. */
function lookAlike(members: Record<string, unknown>): object {
  return Object.assign(Object.create(Error.prototype) as object, { [brand]: true }, members)
}

function text(result: { content: readonly unknown[] }): unknown {
  return (result.content[0] as { text?: unknown }).text
}

describe('failureResult', () => {
  it('turns ResultNotJson into the NOT_JSON result, whoever threw it', () => {
    const thrown = new ResultNotJson(1n)
    expect(failureResult(thrown, 'tool')).toEqual(resultNotJson())
    expect(failureResult(thrown, 'listener')).toEqual(resultNotJson())
    expect(resultNotJson().error).toEqual({ name: 'JsonSnapshotError', code: 'NOT_JSON' })
  })

  it('codes an ordinary error by origin, even one with string name and code members (a Node system error)', () => {
    const enoent = Object.assign(new Error('no such file'), { code: 'ENOENT' })
    const asTool = new ToolFailedError(enoent)
    expect(failureResult(enoent, 'tool')).toEqual({
      content: [{ type: 'text', text: `Error: ${asTool.message}` }],
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
    const asListener = new ListenerError(enoent)
    expect(failureResult(enoent, 'listener')).toEqual({
      content: [{ type: 'text', text: `Error: ${asListener.message}` }],
      isError: true,
      error: { name: asListener.name, code: asListener.code },
    })
  })

  it('keeps the name and code of a HarnessError look-alike, read as strings', () => {
    const own = lookAlike({ name: 'QuotaError', code: 'QUOTA', message: 'over quota' })
    expect(failureResult(own, 'tool').error).toEqual({ name: 'QuotaError', code: 'QUOTA' })
    expect(text(failureResult(own, 'tool'))).toBe('Error: over quota')
  })

  it.each([
    ['a code that is not a string', { name: 'QuotaError', code: 5, message: 'm' }],
    ['a name that is not a string', { name: 7, code: 'QUOTA', message: 'm' }],
  ])('codes a look-alike with %s by origin', (_label, members) => {
    expect(failureResult(lookAlike(members), 'tool').error).toEqual({
      name: 'ToolFailedError',
      code: 'TOOL_FAILED',
    })
  })

  it('codes a look-alike whose code cannot be read by origin, without throwing', () => {
    const hostile = lookAlike({ name: 'QuotaError', message: 'm' })
    Object.defineProperty(hostile, 'code', {
      get() {
        throw new Error('no code')
      },
    })
    expect(failureResult(hostile, 'listener').error.code).toBe(new ListenerError(null).code)
  })
})

describe('ResultNotJson', () => {
  it('says the result is not JSON and keeps what was not as cause; a look-alike is not one', () => {
    const error = new ResultNotJson(1n)
    expect(error.message).toBe('tool result must be losslessly JSON-serializable')
    expect(error.cause).toBe(1n)
    expect(ResultNotJson.is(error)).toBe(true)
    expect(ResultNotJson.is(new Error(error.message))).toBe(false)
    expect(ResultNotJson.is(null)).toBe(false)
    expect(ResultNotJson.is('tool result must be losslessly JSON-serializable')).toBe(false)
  })
})
