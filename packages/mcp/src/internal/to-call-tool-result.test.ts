import { describe, expect, it } from 'vitest'
import { toCallToolResult } from './to-call-tool-result.js'

describe('toCallToolResult', () => {
  it('carries the content, then the context for the model, and an object structured value', () => {
    expect(
      toCallToolResult({
        isError: false,
        content: [{ type: 'text', text: '2 passed' }],
        structured: { passed: 2 },
        additionalContext: {
          source: { kind: 'plugin', plugin: 'notes' },
          content: [{ type: 'text', text: 'note' }],
        },
      }),
    ).toEqual({
      content: [
        { type: 'text', text: '2 passed' },
        { type: 'text', text: 'note' },
      ],
      structuredContent: { passed: 2 },
    })
  })

  it('leaves out a structured value that is not an object, which MCP cannot carry', () => {
    expect(toCallToolResult({ isError: false, content: [], structured: [1, 2] })).toEqual({
      content: [],
    })
  })

  it('marks an error result, its name and code in _meta', () => {
    expect(
      toCallToolResult({
        isError: true,
        content: [{ type: 'text', text: 'Error: no' }],
        error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
      }),
    ).toEqual({
      content: [{ type: 'text', text: 'Error: no' }],
      isError: true,
      _meta: { 'toolpipe/error': { name: 'ToolDeniedError', code: 'POLICY_DENIED' } },
    })
  })

  it('appends any number of context blocks, past the engine’s limit on the arguments of one call', () => {
    const blocks = Array.from({ length: 1_000_000 }, (_, index) => ({
      type: 'text' as const,
      text: String(index),
    }))
    const { content } = toCallToolResult({
      isError: false,
      content: [{ type: 'text', text: 'ran' }],
      additionalContext: { source: { kind: 'plugin', plugin: 'notes' }, content: blocks },
    })
    expect(content).toHaveLength(1_000_001)
    expect(content[0]).toEqual({ type: 'text', text: 'ran' })
    expect(content[1_000_000]).toEqual({ type: 'text', text: '999999' })
  })
})
