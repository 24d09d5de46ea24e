import { HarnessError } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { readFileIssues } from '@toolpipe/tool-schemas'
import { agent, isDeepFrozen, text, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import type { ToolDefinition } from './tool-definition.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import { approvalService, editFile, instrumented } from './__fixtures__/resolve-validate.js'

describe('step 4: the arguments are validated once, before anyone is asked', () => {
  it('invalid arguments fail with INVALID_ARGS: no policy, guard, approval, wrapper or body runs; post-execute and observers do', async () => {
    const { service, request } = approvalService()
    const registry = createToolRegistry({ approval: service })
    const body = vi.fn(async () => [text('edited')])
    registry.register(editFile(body))
    const stages = instrumented(registry)
    const result = await registry.execute(
      callInput('edit_file', { line: 'ten' }, { agent: agent('alice') }),
    )
    const expected = {
      content: [
        text(
          'Error: invalid arguments: missing required property "path"; "line" must be a number, got string',
        ),
      ],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    }
    expect(result).toEqual(expected)
    expect(stages.touched).toEqual([])
    expect(request).not.toHaveBeenCalled()
    expect(body).not.toHaveBeenCalled()
    expect(stages.reviewed).toEqual([expected])
    expect(stages.observed).toEqual([expected])
  })

  it('valid arguments reach policy, guards, the approval card and the body as the same frozen JSON', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry({
      approval: {
        request: async ({ view }) => (seen.push(view), { kind: 'allowed-once' }),
      },
    })
    registry.register(
      defineTool({
        name: 'edit_file',
        description: 'Edit a file.',
        parameters: { path: { type: 'string', required: true } },
        execute: async (args, exec) => (seen.push(args, exec.arguments), [text('ok')]),
      }),
    )
    registry.on('tools/pre-execute', (exec) => (seen.push(exec.arguments), { kind: 'ask' }))
    registry.guard((exec) => (seen.push(exec.arguments), undefined))
    const result = await registry.execute(
      callInput('edit_file', JSON.parse('{"path":"a.ts"}'), { agent: agent('alice') }),
    )
    expect(result.isError).toBe(false)
    const [policy, card, guard, body, bodyExec] = seen
    expect(policy).toEqual({ path: 'a.ts' })
    expect(isDeepFrozen(policy)).toBe(true)
    expect(guard).toBe(policy)
    expect(body).toBe(policy)
    expect(bodyExec).toBe(policy)
    expect(card).toEqual({ card: 'generic', title: 'edit_file', kind: 'other', rawInput: policy })
  })

  it('runs a hand-written checkArgs once, as a method of the definition, with the frozen snapshot', async () => {
    const registry = createToolRegistry()
    const checked: { self: unknown; args: unknown }[] = []
    const definition: ToolDefinition = tool('search', () => [text('found')], {
      checkArgs(this: unknown, args: JsonValue): ArgIssue[] {
        checked.push({ self: this, args })
        return []
      },
    })
    registry.register(definition)
    let received: unknown
    registry.on('tools/execute', async (exec, next) => {
      received = exec.arguments
      await next()
      return next() // a retry: the arguments are not checked again
    })
    const original = { query: 'toolpipe' }
    expect(await registry.execute(callInput('search', original))).toEqual({
      content: [text('found')],
      isError: false,
    })
    expect(checked).toHaveLength(1)
    expect(checked[0]!.self).toBe(definition)
    expect(checked[0]!.args).toBe(received)
    expect(checked[0]!.args).not.toBe(original)
    expect(isDeepFrozen(checked[0]!.args)).toBe(true)
  })

  it('a hand-written checkArgs’ issues become the ToolArgsError result, in order', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(
      tool('search', body, {
        checkArgs: () => [...readFileIssues],
      }),
    )
    expect(await registry.execute(callInput('search', { limit: '5' }))).toEqual({
      content: [
        text(
          'Error: invalid arguments: missing required property "path"; "limit" must be a number, got string',
        ),
      ],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('awaits an async checkArgs', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [text('ran')])
    registry.register(
      tool('search', body, {
        checkArgs: async (args) =>
          (args as { query?: unknown }).query === undefined
            ? [
                {
                  code: 'missing',
                  path: ['query'],
                  message: 'query is missing',
                  expected: 'string',
                },
              ]
            : [],
      }),
    )
    expect((await registry.execute(callInput('search', {}))).error?.code).toBe('INVALID_ARGS')
    expect(await registry.execute(callInput('search', { query: 'x' }))).toEqual({
      content: [text('ran')],
      isError: false,
    })
    expect(body).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['throws an Error', () => Promise.reject(new Error('schema service down'))],
    [
      'throws synchronously',
      () => {
        throw new Error('schema service down')
      },
    ],
  ])(
    'a checkArgs that %s fails the call with TOOL_FAILED, before anyone is asked',
    async (_label, checkArgs) => {
      const { service, request } = approvalService()
      const registry = createToolRegistry({ approval: service })
      const body = vi.fn(() => [])
      registry.register(tool('search', body, { checkArgs: checkArgs }))
      const stages = instrumented(registry)
      expect(await registry.execute(callInput('search', {}, { agent: agent('alice') }))).toEqual({
        content: [text('Error: schema service down')],
        isError: true,
        error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
      })
      expect(stages.touched).toEqual([])
      expect(request).not.toHaveBeenCalled()
      expect(body).not.toHaveBeenCalled()
    },
  )

  it('a checkArgs that throws a HarnessError keeps its name and code', async () => {
    class SchemaOfflineError extends HarnessError {
      constructor() {
        super('the schema registry is offline', 'SCHEMA_OFFLINE')
      }
    }
    const registry = createToolRegistry()
    registry.register(
      tool('search', () => [], {
        checkArgs: () => {
          throw new SchemaOfflineError()
        },
      }),
    )
    expect((await registry.execute(callInput('search'))).error).toEqual({
      name: 'SchemaOfflineError',
      code: 'SCHEMA_OFFLINE',
    })
  })

  it.each([
    ['true', true],
    ['an object', { ok: true }],
    ['issues without a message', [{ code: 'missing', path: ['a'] }]],
    ['an issue whose path is not an array', [{ code: 'x', path: 'a', message: 'm' }]],
    ['issues that are not JSON', [{ code: 'x', path: [], message: 'm', at: new Date() }]],
  ])('a checkArgs returning %s fails the call with INVALID_ARG_ISSUES', async (_label, issues) => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('search', body, { checkArgs: () => issues as never }))
    const result = await registry.execute(callInput('search'))
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_ARG_ISSUES' })
    expect((result.content[0] as { text: string }).text).toMatch(
      /^Error: the checkArgs of tool "search" returned .+; expected an array of argument issues \({ code, path, message }\)$/,
    )
    expect(body).not.toHaveBeenCalled()
  })

  it('a definition whose checkArgs is not a function is refused at registration', () => {
    const registry = createToolRegistry()
    expect(() =>
      registry.register(tool('search', () => [], { checkArgs: 'strict' as never })),
    ).toThrow(
      new ToolRegistryError(
        'tool "search": checkArgs must be a function when present',
        'INVALID_TOOL',
      ),
    )
  })

  it('a tool without checkArgs takes any JSON arguments', async () => {
    const registry = createToolRegistry()
    let received: unknown
    registry.register(tool('echo', (args) => ((received = args), [text('ok')])))
    await registry.execute(callInput('echo', [1, 'two', null]))
    expect(received).toEqual([1, 'two', null])
  })
})
