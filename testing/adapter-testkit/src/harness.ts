import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type {
  ApprovalRequest,
  ToolExecution,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'

/** What {@link harness} returns: the registry, and what its approval service and observer saw. */
export interface Harness {
  readonly registry: ToolRegistry
  /** Every approval request, in order (each one approved). */
  readonly approvals: ApprovalRequest[]
  /** Every call's execution and result, in the order they settled. */
  readonly results: { exec: ToolExecution<unknown>; result: ToolExecutionResult }[]
}

/**
 * A registry as a harness sets it up: a file reader (`read_file`), a shell (`shell`) that a guard
 * keeps from deleting, and a tool that removes files (`removeFile`, by default `remove_file`)
 * only with a person's approval (the service approves and records each request).
 *
 * @param removeFile - the remover's name: `remove-file` shows a framework that cannot take a `-`
 */
export function harness(removeFile = 'remove_file'): Harness {
  const approvals: ApprovalRequest[] = []
  const results: Harness['results'] = []
  const registry = createToolRegistry({
    approval: {
      request: (request) => {
        approvals.push(request)
        return Promise.resolve({ kind: 'allowed-once' })
      },
    },
  })
  registry.register(
    defineTool({
      name: 'read_file',
      description: 'Read a text file.',
      parameters: { path: { type: 'string', required: true } },
      execute: ({ path }) => [{ type: 'text', text: `contents of ${path}` }],
    }),
  )
  registry.register(
    defineTool({
      name: 'shell',
      description: 'Run a shell command.',
      parameters: { command: { type: 'string', required: true } },
      execute: ({ command }) => [{ type: 'text', text: `ran ${command}` }],
    }),
  )
  registry.register(
    defineTool({
      name: removeFile,
      description: 'Remove a file.',
      parameters: { path: { type: 'string', required: true } },
      execute: ({ path }) => [{ type: 'text', text: `removed ${path}` }],
      presentCall: ({ path }) => ({ card: 'generic', title: `Remove ${path}` }),
    }),
  )
  registry.guard((exec) =>
    exec.name === 'shell' && (exec.arguments as { command: string }).command.includes('rm ')
      ? `deleting with the shell is not allowed; use ${removeFile}`
      : undefined,
  )
  registry.on('tools/pre-execute', (exec, next) =>
    exec.name === removeFile ? { kind: 'ask', reason: 'removes a file' } : next(),
  )
  registry.on('tools/result', (exec, result) => {
    results.push({ exec, result })
  })
  return { registry, approvals, results }
}
