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
})
