import { describe, expect, it } from 'vitest'
import { text } from '../__fixtures__/tools.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readToolReturn } from './read-tool-return.js'
import { revokedProxy } from '@toolpipe/hostile-values'

/**
 * What a tool's `execute` may resolve to (SPEC §12.1): content blocks, or `{ content?,
 * structured?, meta? }` with content or structured. Anything else is `INVALID_TOOL_RESULT`.
 */

const shapes =
  'a tool returns content blocks or { content?, structured?, meta? } with content or structured'

function refusal(value: unknown): ToolPipelineError {
  try {
    readToolReturn('read', undefined, value)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

const revoked = revokedProxy()

describe('readToolReturn', () => {
  it('adds no structured or meta member the tool did not return', () => {
    const fromBlocks = readToolReturn('read', undefined, [text('ok')])
    expect(Object.keys(fromBlocks)).toEqual(['content', 'isError'])
    const fromObject = readToolReturn('read', undefined, { content: [text('ok')] })
    expect(Object.keys(fromObject)).toEqual(['content', 'isError'])
    expect(
      readToolReturn('read', undefined, { structured: { n: 1 }, meta: { ms: 2 } }),
    ).toStrictEqual({
      content: [text('{"n":1}')],
      isError: false,
      structured: { n: 1 },
      meta: { ms: 2 },
    })
  })

  it.each([
    ['null', null, 'null'],
    ['a string', 'done', '"done"'],
    ['an object with neither content nor structured', { meta: {} }, 'an object with keys ["meta"]'],
  ])('refuses %s with INVALID_TOOL_RESULT', (_label, value, described) => {
    const error = refusal(value)
    expect(error.code).toBe('INVALID_TOOL_RESULT')
    expect(error.message).toBe(`tool "read" returned ${described}; ${shapes}`)
  })

  it('names the tool when what it returned cannot be read, a revoked Proxy included', () => {
    const throwing = {
      get content(): unknown {
        throw new Error('boom')
      },
    }
    expect(refusal(throwing)).toMatchObject({
      code: 'INVALID_DECISION',
      message: 'what tool "read" returned could not be read: boom',
    })
    const error = refusal(revoked)
    expect(error.code).toBe('INVALID_DECISION')
    expect(error.message).toMatch(/^what tool "read" returned could not be read: /)
  })
})
