import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

describe('step 8: tools/execute and dispatch', () => {
  it('wraps dispatch, outermost first, and a wrapper may change the result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/execute', async (_exec, next) => {
      const result = await next()
      return { ...result, content: [...result.content, text('traced')] }
    })
    expect((await registry.execute(callInput('read'))).content).toEqual([
      text('read ran'),
      text('traced'),
    ])
  })

  it('lets a retry wrapper run the tool again by calling next() again', async () => {
    const registry = createToolRegistry()
    let attempts = 0
    registry.register(
      tool('flaky', () => {
        attempts++
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`)
        return [text(`succeeded on attempt ${attempts}`)]
      }),
    )
    const seen: ContentBlock[][] = []
    registry.on('tools/execute', async (_exec, next) => {
      let result = await next()
      while (result.isError) {
        seen.push(result.content)
        result = await next()
      }
      return result
    })
    const result = await registry.execute(callInput('flaky'))
    expect(result).toEqual({ content: [text('succeeded on attempt 3')], isError: false })
    // A throw inside the tool reached the wrapper as an error result, not as a rejection.
    expect(seen).toEqual([[text('Error: attempt 1 failed')], [text('Error: attempt 2 failed')]])
  })

  it('short-circuits: a wrapper that does not call next() means the tool does not run', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('read', body))
    registry.on('tools/execute', () => ({ content: [text('cached')], isError: false }))
    expect((await registry.execute(callInput('read'))).content).toEqual([text('cached')])
    expect(body).not.toHaveBeenCalled()
  })

  it('reports an unknown tool as ToolNotFoundError / UNKNOWN_TOOL', async () => {
    const registry = createToolRegistry()
    expect(await registry.execute(callInput('nope'))).toEqual({
      content: [text('Error: unknown tool "nope"')],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
  })

  it('treats a restricted-away tool exactly like a missing one', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.register(tool('read'))
    const alice = agent('alice')
    registry.restrict(alice, { allow: ['read'] })
    const result = await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(result).toEqual({
      content: [text('Error: unknown tool "shell"')],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('dispatches to the tool visible in the call’s scope', async () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    registry.register(tool('read', () => [text('global')]))
    registry.register(
      tool('read', () => [text('alice’s own')]),
      { scope: alice },
    )
    expect((await registry.execute(callInput('read', {}, { agent: alice }))).content).toEqual([
      text('alice’s own'),
    ])
    expect((await registry.execute(callInput('read'))).content).toEqual([text('global')])
  })

  it('normalises both return forms; meta travels on success', async () => {
    const registry = createToolRegistry()
    registry.register(tool('array', () => [text('a')]))
    registry.register(tool('object', () => ({ content: [text('b')], meta: { lines: 3 } })))
    registry.register(tool('bare', () => ({ content: [text('c')] })))
    expect(await registry.execute(callInput('array'))).toEqual({
      content: [text('a')],
      isError: false,
    })
    expect(await registry.execute(callInput('object'))).toEqual({
      content: [text('b')],
      isError: false,
      meta: { lines: 3 },
    })
    expect(await registry.execute(callInput('bare'))).toEqual({
      content: [text('c')],
      isError: false,
    })
  })

  it('fails a call whose tool returns something else, naming the tool', async () => {
    const registry = createToolRegistry()
    registry.register(tool('odd', () => 'just text' as never))
    registry.register(tool('badBlocks', () => [{ text: 'no type' }] as never))
    const odd = await registry.execute(callInput('odd'))
    expect(odd.content).toEqual([
      text(
        'Error: tool "odd" returned "just text"; a tool returns content blocks or { content?, structured?, meta? } with content or structured',
      ),
    ])
    expect(odd.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_TOOL_RESULT' })
    // An array, but not of content blocks: SPEC §22's INVALID_CONTENT, naming the block.
    expect(await registry.execute(callInput('badBlocks'))).toEqual({
      content: [
        text(
          'Error: tool "badBlocks" returned a malformed content block at content[0]: missing required property "type"',
        ),
      ],
      isError: true,
      error: { name: 'InvalidContentError', code: 'INVALID_CONTENT' },
    })
  })

  it('calls execute as a method of the definition with the frozen args and the execution', async () => {
    const registry = createToolRegistry()
    const definition = {
      ...tool('read'),
      label: 'bound',
      async execute(this: { label: string }, args: unknown, exec: ToolExecution) {
        return [text(`${this.label} ${JSON.stringify(args)} ${exec.name}`)]
      },
    }
    registry.register(definition)
    expect((await registry.execute(callInput('read', { a: 1 }))).content).toEqual([
      text('bound {"a":1} read'),
    ])
  })

  it('lets only exec.signal change during dispatch', async () => {
    const registry = createToolRegistry()
    const replacement = new AbortController().signal
    let inTool: AbortSignal | undefined
    registry.register(
      tool('read', (_args, exec) => {
        inTool = exec.signal
        return []
      }),
    )
    const refused: unknown[] = []
    registry.on('tools/execute', async (exec, next) => {
      for (const field of ['name', 'callId', 'arguments', 'agent', 'token'] as const) {
        try {
          ;(exec as unknown as Record<string, unknown>)[field] = 'changed'
        } catch (error) {
          refused.push(field)
          expect(error).toBeInstanceOf(TypeError)
        }
      }
      exec.signal = replacement
      return next()
    })
    await registry.execute(callInput('read'))
    expect(refused).toEqual(['name', 'callId', 'arguments', 'agent', 'token'])
    expect(inTool).toBe(replacement)
  })

  it('turns a malformed wrapper result into an error result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/execute', () => ({ content: 'nope' }) as never)
    expect((await registry.execute(callInput('read'))).error).toEqual({
      name: 'ToolPipelineError',
      code: 'INVALID_DECISION',
    })
  })
})
