import type { JsonValue } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, thrown, tool } from './__fixtures__/tools.js'
import type { ApprovalRequest } from './approval.js'
import { defineTool } from './define-tool.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { searchSpec, searchTool } from './__fixtures__/search-tool.js'

/** SPEC §9.3 in the registry: the dialects it is configured with, and step 4's normalization. */

describe('step 4: null→absent normalization, in every dialect (SPEC §6.3 step 4, §9.3)', () => {
  it('a strict model’s null for an optional member is removed before validation: the body gets InferArgs', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry()
    registry.register(searchTool(seen))
    const result = await registry.execute(
      callInput('search', { query: 'todo', limit: null, note: null }),
    )
    expect(result).toMatchObject({ isError: false, content: [text('found todo')] })
    // `note` is nullable: its null is a value and stays.
    expect(seen).toEqual([{ query: 'todo', note: null }])
  })

  it('policies, guards, the approval card, the body and the observers all see the one normalized, frozen value', async () => {
    const views: unknown[] = []
    const requests: ApprovalRequest[] = []
    const registry = createToolRegistry({
      approval: {
        request: (request) => {
          requests.push(request)
          return Promise.resolve({ kind: 'allowed-once' })
        },
      },
    })
    const seenByBody: unknown[] = []
    registry.register(
      defineTool({
        name: 'search',
        description: '',
        parameters: searchSpec,
        execute: async (args) => (seenByBody.push(args), [text('ok')]),
        presentCall: (args) => (
          views.push(args),
          { card: 'generic', title: `search ${args.query}` }
        ),
      }),
    )
    const seen: { stage: string; args: unknown }[] = []
    registry.on('tools/pre-execute', (exec) => {
      seen.push({ stage: 'pre-execute', args: exec.arguments })
      return { kind: 'ask' }
    })
    registry.guard((exec) => void seen.push({ stage: 'guard', args: exec.arguments }))
    let observed: Readonly<ToolExecution<JsonValue | undefined>> | undefined
    registry.on('tools/result', (exec) => void (observed = exec))
    const result = await registry.execute(
      callInput('search', { query: 'q', limit: null }, { agent: agent('a') }),
    )
    expect(result.isError).toBe(false)
    const [first] = seen
    expect(first?.args).toEqual({ query: 'q' })
    expect(Object.isFrozen(first?.args)).toBe(true)
    for (const entry of [...seen, ...seenByBody.map((args) => ({ stage: 'body', args }))]) {
      expect(entry.args).toBe(first?.args)
    }
    expect(views).toEqual([{ query: 'q' }])
    expect(requests[0]?.view.title).toBe('search q')
    expect(observed?.arguments).toBe(first?.args)
    // Read-only afterwards, like every field of a settled execution.
    expect(() => {
      ;(observed as { arguments: unknown }).arguments = {}
    }).toThrow(TypeError)
  })

  it('validation runs once per call, on the normalized value', async () => {
    const checkArgs = vi.fn((): ArgIssue[] => [])
    const normalizeArgs = vi.fn((args: JsonValue): JsonValue => {
      return Object.fromEntries(
        Object.entries(args as Record<string, JsonValue>).filter(([key]) => key !== 'drop'),
      )
    })
    const registry = createToolRegistry()
    const body = vi.fn(async (args: unknown) => [text(JSON.stringify(args))])
    registry.register(tool('hand', body, { checkArgs, normalizeArgs }))
    const result = await registry.execute(callInput('hand', { keep: 1, drop: 2 }))
    expect(result.content).toEqual([text('{"keep":1}')])
    expect(normalizeArgs).toHaveBeenCalledTimes(1)
    expect(checkArgs).toHaveBeenCalledTimes(1)
    expect(checkArgs).toHaveBeenCalledWith({ keep: 1 })
  })

  it('a member its parameters do not declare keeps its null', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(async (args: unknown) => [text(JSON.stringify(args))])
    registry.register(tool('hand', body))
    const result = await registry.execute(callInput('hand', { limit: null }))
    expect(result.content).toEqual([text('{"limit":null}')])
  })

  it('a null for a required member is still an invalid argument', async () => {
    const registry = createToolRegistry()
    registry.register(searchTool())
    const result = await registry.execute(callInput('search', { query: null }))
    expect(result).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
      content: [text('Error: invalid arguments: "query" must be a string, got null')],
    })
  })

  it('a normalizer that throws, or returns what is not JSON, fails the call before anyone is asked', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(async () => [text('ran')])
    registry.register(
      tool('throws', body, {
        normalizeArgs: () => {
          throw new Error('boom')
        },
      }),
    )
    registry.register(tool('nan', body, { normalizeArgs: () => Number.NaN }))
    registry.register(tool('later', body, { normalizeArgs: () => Promise.resolve({}) as never }))
    expect(await registry.execute(callInput('throws'))).toMatchObject({
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
    for (const name of ['nan', 'later']) {
      expect(await registry.execute(callInput(name))).toMatchObject({
        isError: true,
        error: { name: 'ToolPipelineError', code: 'INVALID_NORMALIZED_ARGS' },
      })
    }
    expect(body).not.toHaveBeenCalled()
  })

  it('refuses at registration a normalizeArgs that is not a function', () => {
    const registry = createToolRegistry()
    expect(
      thrown(() => registry.register(tool('x', undefined, { normalizeArgs: 1 as never }))),
    ).toMatchObject({
      code: 'INVALID_TOOL',
      message: 'tool "x": normalizeArgs must be a function when present',
    })
  })

  it('defineTool called directly normalizes too, and its presenters do', async () => {
    const seen: unknown[] = []
    const search = searchTool(seen)
    await search.execute({ query: 'q', limit: null }, undefined as never)
    expect(seen).toEqual([{ query: 'q' }])
    const presented = defineTool({
      name: 'p',
      description: '',
      parameters: searchSpec,
      execute: async () => [],
      presentCall: (args) => ({ card: 'generic', title: `limit ${String(args.limit)}` }),
    })
    expect(presented.presentCall?.({ query: 'q', limit: null })).toEqual({
      card: 'generic',
      title: 'limit undefined',
    })
    expect(presented.presentCall?.({ query: 1 })).toBeUndefined()
  })
})
