import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from './__fixtures__/tools.js'
import { InvalidContentError } from './invalid-content-error.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

// SPEC §22: the content blocks a tool, a wrapper or a listener hands the pipeline are checked
// against SPEC §2's shapes when the result is read; a malformed one makes the call the error result
// InvalidContentError / INVALID_CONTENT, naming the block and what was wrong.

const invalidContent = { name: 'InvalidContentError', code: 'INVALID_CONTENT' }

describe('content blocks are checked when a result is read', () => {
  it('fails a tool that returns { type: "text", text: 5 }, naming the block, in either return form', async () => {
    const registry = createToolRegistry()
    registry.register(tool('count', () => [text('ok'), { type: 'text', text: 5 } as never]))
    registry.register(
      tool('report', () => ({ content: [{ type: 'image', mimeType: 'image/png' } as never] })),
    )
    expect(await registry.execute(callInput('count'))).toEqual({
      content: [
        text(
          'Error: tool "count" returned a malformed content block at content[1]: "text" must be a string, got number',
        ),
      ],
      isError: true,
      error: invalidContent,
    })
    expect((await registry.execute(callInput('report'))).content).toEqual([
      text(
        'Error: tool "report" returned a malformed content block at content[0]: the "image" block is missing required property "data"',
      ),
    ])
  })

  it('refuses a kind nobody declared, and takes one named in contentTypes', async () => {
    const link = { type: 'resource-link', uri: 'file:///a.md' }
    const plain = createToolRegistry()
    plain.register(tool('links', () => [link as never]))
    const result = await plain.execute(callInput('links'))
    expect(result.error).toEqual(invalidContent)
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining(
        'at content[0]: unknown content type "resource-link"',
      ) as unknown,
    })
    const extended = createToolRegistry({ contentTypes: [] })
    // The type system knows only the kinds added to ContentBlockMap; none are in this package.
    const told = createToolRegistry({ contentTypes: ['resource-link'] as never })
    for (const registry of [extended, told]) registry.register(tool('links', () => [link as never]))
    expect((await extended.execute(callInput('links'))).error).toEqual(invalidContent)
    expect(await told.execute(callInput('links'))).toEqual({ content: [link], isError: false })
  })

  it('checks a tool-result block’s own content, and names the nested block', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('sub', () => [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          content: [text('fine'), { type: 'image', data: 'aGk=', mimeType: 'png' }],
        } as never,
      ]),
    )
    expect((await registry.execute(callInput('sub'))).content).toEqual([
      text(
        'Error: tool "sub" returned a malformed content block at content[0].content[1]: "mimeType" must be a MIME type such as "image/png", got "png"',
      ),
    ])
  })

  it('checks what a tools/execute wrapper returns, and its additionalContext', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const remove = registry.on('tools/execute', () => ({
      content: [{ type: 'text', text: ['a'] } as never],
      isError: false,
    }))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [
        text(
          'Error: a tools/execute listener returned a malformed content block at content[0]: "text" must be a string, got array',
        ),
      ],
      isError: true,
      error: invalidContent,
    })
    remove()
    registry.on('tools/execute', async (_exec, next) => ({
      ...(await next()),
      additionalContext: { content: [{ type: 'note' } as never], source: { kind: 'user' } },
    }))
    const withContext = await registry.execute(callInput('read'))
    expect(withContext.error).toEqual(invalidContent)
    expect(withContext.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Error: a tools\/execute listener \(additionalContext\) returned a malformed content block at content\[0\]: unknown content type "note"/,
      ) as unknown,
    })
  })

  it('checks the content and feedback a tools/post-execute listener hands over', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const remove = registry.on('tools/post-execute', () => ({
      kind: 'accept',
      content: [{ type: 'reasoning' } as never],
    }))
    expect(await registry.execute(callInput('read'))).toMatchObject({
      isError: true,
      error: invalidContent,
      content: [
        text(
          'Error: a tools/post-execute listener returned a malformed content block at content[0]: the "reasoning" block is missing required property "text"',
        ),
      ],
    })
    remove()
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [7 as never] }))
    expect((await registry.execute(callInput('read'))).error).toEqual(invalidContent)
  })

  it('exposes the block index, the path and the problem on the error', () => {
    const error = new InvalidContentError('tool "t"', [2, 'content', 0, 'text'], 'oops')
    expect(error).toMatchObject({
      name: 'InvalidContentError',
      code: 'INVALID_CONTENT',
      index: 2,
      path: [2, 'content', 0, 'text'],
      problem: 'oops',
      message: 'tool "t" returned a malformed content block at content[2].content[0]: oops',
    })
  })

  it('refuses a contentTypes option that is not a list of added kinds', () => {
    expect(() => createToolRegistry({ contentTypes: ['text'] as never })).toThrow(ToolRegistryError)
    expect(() => createToolRegistry({ contentTypes: 'resource-link' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_CONTENT_TYPES' }) as Error,
    )
  })
})
