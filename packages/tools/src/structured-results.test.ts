import { isHarnessError } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { OutputInvalidError } from './output-invalid-error.js'
import { createToolRegistry } from './tool-registry.js'

const verdictSchema = {
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: ['pass', 'fail'] },
    notes: { type: 'array', items: { type: 'string' } },
  },
  required: ['verdict'],
  additionalProperties: false,
} as const

describe('§12.1 structured results', () => {
  it('carries structured beside the content, both deep-frozen copies of what the tool returned', async () => {
    const registry = createToolRegistry()
    const structured = { verdict: 'pass', notes: ['fine'] }
    registry.register(
      tool('grade', () => ({ content: [text('passed')], structured, meta: { m: 1 } }), {
        outputSchema: verdictSchema,
      }),
    )
    const result = await registry.execute(callInput('grade'))
    expect(result).toEqual({
      content: [text('passed')],
      isError: false,
      structured: { verdict: 'pass', notes: ['fine'] },
      meta: { m: 1 },
    })
    expect(result.structured).not.toBe(structured)
    expect(Object.isFrozen(result.structured)).toBe(true)
    expect(Object.isFrozen((result.structured as { notes: string[] }).notes)).toBe(true)
    expect(Object.isFrozen(structured)).toBe(false)
  })

  it('without content, the model reads one text block holding JSON.stringify(structured)', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('grade', () => ({ structured: { verdict: 'fail' } }), { outputSchema: verdictSchema }),
    )
    expect(await registry.execute(callInput('grade'))).toEqual({
      content: [text('{"verdict":"fail"}')],
      isError: false,
      structured: { verdict: 'fail' },
    })
  })

  it('without an outputSchema, structured is optional and any JSON value, not checked', async () => {
    const registry = createToolRegistry()
    registry.register(tool('a', () => ({ structured: [1, 'two', null] })))
    registry.register(tool('b', () => ({ content: [text('b')], structured: null })))
    registry.register(tool('c', () => [text('c')]))
    expect(await registry.execute(callInput('a'))).toEqual({
      content: [text('[1,"two",null]')],
      isError: false,
      structured: [1, 'two', null],
    })
    expect(await registry.execute(callInput('b'))).toEqual({
      content: [text('b')],
      isError: false,
      structured: null,
    })
    expect(await registry.execute(callInput('c'))).toEqual({ content: [text('c')], isError: false })
  })

  it('a value the outputSchema refuses is OUTPUT_INVALID, listing every issue with its path', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('grade', () => ({ structured: { verdict: 'maybe', notes: [1], extra: true } }), {
        outputSchema: verdictSchema,
      }),
    )
    const result = await registry.execute(callInput('grade'))
    expect(result).toEqual({
      content: [
        text(
          'Error: tool "grade" returned structured output that does not match its outputSchema: ' +
            '"verdict" must be one of "pass", "fail", got "maybe"; "notes[0]" must be a string, got number; ' +
            'unknown property "extra" (additional properties are not allowed)',
        ),
      ],
      isError: true,
      error: { name: 'OutputInvalidError', code: 'OUTPUT_INVALID' },
    })
    expect(result).not.toHaveProperty('structured')
  })

  it.each([
    ['content only', () => [text('no value')]],
    ['an object with content only', () => ({ content: [text('no value')] })],
    ['an object with meta only', () => ({ meta: 1 })],
  ])('with an outputSchema, a missing structured value is OUTPUT_INVALID (%s)', async (_, run) => {
    const registry = createToolRegistry()
    registry.register(tool('grade', run as () => never, { outputSchema: verdictSchema }))
    expect(await registry.execute(callInput('grade'))).toEqual({
      content: [text('Error: tool "grade" has an outputSchema but returned no structured value')],
      isError: true,
      error: { name: 'OutputInvalidError', code: 'OUTPUT_INVALID' },
    })
  })

  it('a structured value that is not JSON is NOT_JSON, before it is checked', async () => {
    const registry = createToolRegistry()
    registry.register(tool('grade', () => ({ structured: { verdict: new Date(0) } })))
    expect(await registry.execute(callInput('grade'))).toEqual({
      content: [text('Error: tool result must be losslessly JSON-serializable')],
      isError: true,
      error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
    })
  })

  it('reads structured once: a getter cannot show the check one value and the result another', async () => {
    const registry = createToolRegistry()
    let reads = 0
    registry.register(
      tool(
        'grade',
        () => ({
          get structured() {
            reads++
            return reads === 1 ? { verdict: 'pass' } : { verdict: 'maybe' }
          },
        }),
        { outputSchema: verdictSchema },
      ),
    )
    const result = await registry.execute(callInput('grade'))
    expect(result.structured).toEqual({ verdict: 'pass' })
    expect(reads).toBe(1)
  })

  it('a wrapper sees OUTPUT_INVALID as the result of next(), and a retry can run the tool again', async () => {
    const registry = createToolRegistry()
    let attempt = 0
    registry.register(
      tool(
        'grade',
        () => ({ structured: attempt++ === 0 ? { verdict: 'maybe' } : { verdict: 'pass' } }),
        { outputSchema: verdictSchema },
      ),
    )
    const seen: (string | undefined)[] = []
    registry.on('tools/execute', async (_exec, next) => {
      const first = await next()
      seen.push(first.error?.code)
      return first.isError ? next() : first
    })
    const result = await registry.execute(callInput('grade'))
    expect(seen).toEqual(['OUTPUT_INVALID'])
    expect(result.structured).toEqual({ verdict: 'pass' })
  })

  it('a wrapper’s own result may carry structured (copied as JSON); a non-JSON one is NOT_JSON', async () => {
    const registry = createToolRegistry()
    registry.register(tool('cached'))
    registry.on('tools/execute', () => ({
      content: [text('from cache')],
      isError: false,
      structured: { hit: true },
    }))
    expect(await registry.execute(callInput('cached'))).toEqual({
      content: [text('from cache')],
      isError: false,
      structured: { hit: true },
    })
    const other = createToolRegistry()
    other.register(tool('cached'))
    other.on('tools/execute', () => ({ content: [], isError: false, structured: 1n }) as never)
    expect((await other.execute(callInput('cached'))).error).toEqual({
      name: 'JsonSnapshotError',
      code: 'NOT_JSON',
    })
  })

  it('post-execute: accept keeps structured beside replaced content; block drops it', async () => {
    const registry = createToolRegistry()
    registry.register(tool('grade', () => ({ structured: { verdict: 'pass' } })))
    registry.register(tool('other', () => ({ structured: { verdict: 'pass' } })))
    registry.on('tools/post-execute', (exec) =>
      exec.name === 'grade'
        ? { kind: 'accept', content: [text('redacted')] }
        : { kind: 'block', feedback: [text('no')] },
    )
    expect(await registry.execute(callInput('grade'))).toEqual({
      content: [text('redacted')],
      isError: false,
      structured: { verdict: 'pass' },
    })
    expect(await registry.execute(callInput('other'))).toEqual({
      content: [text('no')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })

  it('observers see the structured value on the frozen result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('grade', () => ({ structured: { verdict: 'pass' } })))
    const observer = vi.fn()
    registry.on('tools/result', observer)
    await registry.execute(callInput('grade'))
    expect(observer.mock.calls[0]?.[1]).toEqual({
      content: [text('{"verdict":"pass"}')],
      isError: false,
      structured: { verdict: 'pass' },
    })
  })
})

describe('OutputInvalidError', () => {
  it('is a HarnessError with its code, the tool name and frozen issues', () => {
    const error = new OutputInvalidError('grade', [
      { code: 'missing', path: ['verdict'], message: 'missing required property "verdict"' },
    ])
    expect(isHarnessError(error)).toBe(true)
    expect(error).toMatchObject({ name: 'OutputInvalidError', code: 'OUTPUT_INVALID' })
    expect(error.toolName).toBe('grade')
    expect(Object.isFrozen(error.issues)).toBe(true)
    expect(error.message).toBe(
      'tool "grade" returned structured output that does not match its outputSchema: missing required property "verdict"',
    )
  })
})

describe('defineTool with an outputSchema', () => {
  it('checks the schema at definition time', () => {
    expect(() =>
      defineTool({
        name: 'bad',
        description: '',
        parameters: {},
        outputSchema: { type: 'object', properties: { a: { type: 'date' } } } as never,
        execute: async () => ({ structured: {} }),
      }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_SCHEMA' }))
  })

  it('enforces it on every call through the registry', async () => {
    const registry = createToolRegistry()
    let verdict = 'pass'
    registry.register(
      defineTool({
        name: 'grade',
        description: 'Grade.',
        parameters: {},
        outputSchema: verdictSchema,
        execute: async () => ({ structured: { verdict } as { verdict: 'pass' } }),
      }),
    )
    expect((await registry.execute(callInput('grade'))).structured).toEqual({ verdict: 'pass' })
    verdict = 'maybe'
    expect((await registry.execute(callInput('grade'))).error?.code).toBe('OUTPUT_INVALID')
  })
})
