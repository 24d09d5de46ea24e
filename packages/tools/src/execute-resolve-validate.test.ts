import { HarnessError } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import { defineTool } from './define-tool.js'
import type { ToolDefinition } from './tool-definition.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

/** Every stage that must not run before a call is resolved and validated, recorded by name. */
function instrumented(registry: ToolRegistry) {
  const touched: string[] = []
  const reviewed: ToolExecutionResult[] = []
  const observed: ToolExecutionResult[] = []
  registry.on('tools/pre-execute', () => (touched.push('pre-execute'), { kind: 'ask' }))
  registry.guard(() => (touched.push('guard'), undefined))
  registry.on('tools/execute', (_exec, next) => (touched.push('wrapper'), next()))
  registry.on('tools/post-execute', (_exec, result, next) => (reviewed.push(result), next()))
  registry.on('tools/result', (_exec, result) => void observed.push(result))
  return { touched, reviewed, observed }
}

function approvalService() {
  const request = vi.fn(async (): Promise<ApprovalOutcome> =>
    Promise.resolve({ kind: 'allowed-once' }),
  )
  const service: ApprovalService = { request }
  return { service, request }
}

/** An approval service whose one answer the test gives once the request has arrived. */
function pendingApproval() {
  let answer: (outcome: ApprovalOutcome) => void = () => undefined
  let arrived: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (arrived = resolve))
  const approval: ApprovalService = {
    request: () =>
      new Promise((resolve) => {
        answer = resolve
        arrived()
      }),
  }
  return {
    approval,
    asked,
    answer: (outcome: ApprovalOutcome) => {
      answer(outcome)
    },
  }
}

const editFile = (body = vi.fn(async () => [text('edited')])) =>
  defineTool({
    name: 'edit_file',
    description: 'Edit a file.',
    parameters: {
      path: { type: 'string', required: true },
      line: { type: 'number' },
    },
    execute: body,
  })

const unknownTool = (name: string): ToolExecutionResult => ({
  content: [text(`Error: unknown tool "${name}"`)],
  isError: true,
  error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
})

describe('step 3: the tool is resolved once, before anyone is asked', () => {
  it('an unknown tool fails with UNKNOWN_TOOL: no policy, guard, approval or wrapper runs; post-execute and observers do', async () => {
    const { service, request } = approvalService()
    const registry = createToolRegistry({ approval: service })
    const stages = instrumented(registry)
    const result = await registry.execute(callInput('nope', {}, { agent: agent('alice') }))
    expect(result).toEqual(unknownTool('nope'))
    expect(stages.touched).toEqual([])
    expect(request).not.toHaveBeenCalled()
    expect(stages.reviewed).toEqual([unknownTool('nope')])
    expect(stages.observed).toEqual([result])
  })

  it('a tool restricted away from the scope is as unknown as a missing one', async () => {
    const { service, request } = approvalService()
    const registry = createToolRegistry({ approval: service })
    const body = vi.fn(() => [text('ran')])
    registry.register(tool('shell', body))
    registry.register(tool('read'))
    const alice = agent('alice')
    registry.restrict(alice, { deny: ['shell'] })
    const stages = instrumented(registry)
    expect(await registry.execute(callInput('shell', {}, { agent: alice }))).toEqual(
      unknownTool('shell'),
    )
    expect(stages.touched).toEqual([])
    expect(request).not.toHaveBeenCalled()
    expect(body).not.toHaveBeenCalled()
  })

  it('a post-execute listener may still block the unknown-tool result with feedback', async () => {
    const registry = createToolRegistry()
    registry.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [text('there is no such tool; call list_tools first')],
    }))
    expect(await registry.execute(callInput('nope'))).toEqual({
      content: [text('there is no such tool; call list_tools first')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })

  it('what a person approved is what runs: a tool that shadows it while the approval waits does not', async () => {
    const { approval, asked, answer } = pendingApproval()
    const registry = createToolRegistry({ approval })
    const approved = vi.fn(() => [text('the approved tool ran')])
    const shadow = vi.fn(() => [text('the shadowing tool ran')])
    const alice = agent('alice')
    registry.register(tool('deploy', approved))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const pending = registry.execute(callInput('deploy', {}, { agent: alice }))
    await asked
    registry.register(tool('deploy', shadow), { scope: alice })
    answer({ kind: 'allowed-once' })
    expect(await pending).toEqual(unknownTool('deploy'))
    expect(approved).not.toHaveBeenCalled()
    expect(shadow).not.toHaveBeenCalled()
  })

  it('a tool removed while the approval waits does not run either', async () => {
    const { approval, asked, answer } = pendingApproval()
    const registry = createToolRegistry({ approval })
    const body = vi.fn(() => [text('ran')])
    const unregister = registry.register(tool('deploy', body))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const pending = registry.execute(callInput('deploy', {}, { agent: agent('alice') }))
    await asked
    unregister()
    answer({ kind: 'allowed-once' })
    expect(await pending).toEqual(unknownTool('deploy'))
    expect(body).not.toHaveBeenCalled()
  })

  it('each attempt of a retry wrapper checks again that the resolved tool is still visible', async () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const attempts: string[] = []
    registry.register(
      tool('flaky', () => {
        attempts.push('global')
        throw new Error('try again')
      }),
    )
    registry.on('tools/execute', async (_exec, next) => {
      const first = await next()
      registry.register(
        tool('flaky', () => (attempts.push('shadow'), [])),
        { scope: alice },
      )
      return first.isError ? next() : first
    })
    expect(await registry.execute(callInput('flaky', {}, { agent: alice }))).toEqual(
      unknownTool('flaky'),
    )
    expect(attempts).toEqual(['global'])
  })

  it('the approval card is the resolved tool’s', async () => {
    const requests: unknown[] = []
    const registry = createToolRegistry({
      approval: {
        request: async (request) => (requests.push(request.view), { kind: 'allowed-once' }),
      },
    })
    const alice = agent('alice')
    registry.register(
      tool('shell', () => [], { presentCall: () => ({ card: 'terminal', title: 'global' }) }),
    )
    registry.register(
      tool('shell', () => [], { presentCall: () => ({ card: 'terminal', title: 'alice’s' }) }),
      { scope: alice },
    )
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(requests).toEqual([{ card: 'terminal', title: 'alice’s' }])
  })
})

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
        checkArgs: () => [
          {
            code: 'missing',
            path: ['query'],
            message: 'missing required property "query"',
            expected: 'string',
          },
          {
            code: 'invalid_type',
            path: ['limit'],
            message: '"limit" must be a number, got string',
            expected: 'number',
            received: 'string',
          },
        ],
      }),
    )
    expect(await registry.execute(callInput('search', { limit: '5' }))).toEqual({
      content: [
        text(
          'Error: invalid arguments: missing required property "query"; "limit" must be a number, got string',
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

describe('defineTool’s body runs on checked arguments', () => {
  it('called directly, outside the registry, execute still validates', async () => {
    const body = vi.fn(async () => [text('edited')])
    const definition = editFile(body)
    await expect(definition.execute({ path: 7 }, {} as ToolExecution)).rejects.toMatchObject({
      name: 'ToolArgsError',
      code: 'INVALID_ARGS',
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('a wrapper that calls execute itself with other arguments gets them validated', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(async () => [text('edited')])
    const definition = editFile(body)
    registry.register(definition)
    registry.on('tools/execute', async (exec) => {
      try {
        return { content: await definition.execute({ path: 42 }, exec), isError: false } as never
      } catch (error) {
        return {
          content: [text(`wrapper caught ${(error as Error).name}`)],
          isError: true,
          error: { name: 'WrapperError', code: 'WRAPPED' },
        }
      }
    })
    expect((await registry.execute(callInput('edit_file', { path: 'a.ts' }))).content).toEqual([
      text('wrapper caught ToolArgsError'),
    ])
    expect(body).not.toHaveBeenCalled()
  })

  it('a definition from defineTool has checkArgs, which returns the spec’s issues', () => {
    const definition = editFile()
    expect(definition.checkArgs?.({ path: 'a.ts' })).toEqual([])
    expect(definition.checkArgs?.({})).toEqual([
      {
        code: 'missing',
        path: ['path'],
        expected: 'string',
        message: 'missing required property "path"',
      },
    ])
  })
})
