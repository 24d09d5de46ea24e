import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { pendingAnswer } from '@toolpipe/pending-answer'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { approvalService, editFile, instrumented } from './__fixtures__/resolve-validate.js'

/** An approval service whose one answer the test gives once the request has arrived. */
function pendingApproval() {
  const pending = pendingAnswer<ApprovalOutcome>()
  const approval: ApprovalService = { request: pending.ask }
  return { approval, asked: pending.asked, answer: pending.answer }
}

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
