import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, tool } from './__fixtures__/tools.js'
import type { ApprovalService } from './approval.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { service, shellRegistry } from './__fixtures__/shell-registry.js'

/**
 * SPEC §18.4: a pre-execute decision may edit the call's arguments (allow and ask), deny with its
 * own code, and ask without the scope's memory of always-answers (`remember: false`).
 */

describe('§18.3 ask with remember: false', () => {
  it('the scope’s memory neither answers nor stores such a call', async () => {
    const { approval, requests } = service(
      { kind: 'allowed-always' },
      { kind: 'allowed-once' },
      { kind: 'allowed-always' },
    )
    const registry = createToolRegistry({ approval })
    registry.register(tool('shell'))
    let remember = false
    registry.on('tools/pre-execute', () => ({ kind: 'ask', remember }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    // Not stored: the second call was asked again.
    expect(requests).toHaveLength(2)
    remember = true
    // Stored now, by a remembering ask…
    const answered: boolean[] = []
    registry.on('tools/approval', (_exec, answer) => void answered.push(answer.remembered))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(requests).toHaveLength(3)
    expect(answered).toEqual([false, true])
    // …but never used to answer one that says remember: false.
    remember = false
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(requests).toHaveLength(4)
  })

  it('refuses a remember that is not a boolean', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({ kind: 'ask', remember: 'no' }) as never)
    const result = await registry.execute(callInput('shell'))
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_DECISION' })
  })
})

describe('§22 ApprovalRequest.arguments', () => {
  it('carries the validated, normalised, frozen arguments', async () => {
    const { approval, requests } = service()
    const { registry } = shellRegistry(approval)
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const input = { command: 'rm -rf build', timeout: null }
    await registry.execute(callInput('shell', input, { agent: alice }))
    expect(requests[0]!.arguments).toEqual({ command: 'rm -rf build' })
    expect(Object.isFrozen(requests[0]!.arguments)).toBe(true)
  })

  it('is what exec.arguments is when the service is asked', async () => {
    let execArguments: unknown
    const approval: ApprovalService = {
      request: (request) => {
        expect(request.arguments).toBe(execArguments)
        return Promise.resolve({ kind: 'allowed-once' })
      },
    }
    const { registry } = shellRegistry(approval)
    registry.on('tools/pre-execute', (exec: ToolExecution) => {
      execArguments = exec.arguments
      return { kind: 'ask' }
    })
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result.isError).toBe(false)
  })
})
