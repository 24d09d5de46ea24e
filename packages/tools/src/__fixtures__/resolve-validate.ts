import { vi } from 'vitest'
import { text } from './tools.js'
import type { ApprovalOutcome, ApprovalService } from '../approval.js'
import { defineTool } from '../define-tool.js'
import type { ToolExecutionResult } from '../tool-execution.js'
import type { ToolRegistry } from '../tool-registry.js'

/** Every stage that must not run before a call is resolved and validated, recorded by name. */
export function instrumented(registry: ToolRegistry) {
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

/** An approval service that allows once, its `request` a spy. */
export function approvalService() {
  const request = vi.fn(async (): Promise<ApprovalOutcome> =>
    Promise.resolve({ kind: 'allowed-once' }),
  )
  const service: ApprovalService = { request }
  return { service, request }
}

/** A `defineTool` edit tool (a required path, an optional line) whose body is `body`. */
export const editFile = (body = vi.fn(async () => [text('edited')])) =>
  defineTool({
    name: 'edit_file',
    description: 'Edit a file.',
    parameters: {
      path: { type: 'string', required: true },
      line: { type: 'number' },
    },
    execute: body,
  })
