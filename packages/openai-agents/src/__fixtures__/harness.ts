import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ApprovalRequest, ToolExecution, ToolExecutionResult } from '@toolpipe/tools'

/**
 * A registry as a harness sets it up: a file reader, a shell that a guard keeps from deleting,
 * and a tool that removes files only with a person's approval (the service approves and
 * records each request).
 */
export function harness() {
  const approvals: ApprovalRequest[] = []
  const results: { exec: ToolExecution<unknown>; result: ToolExecutionResult }[] = []
  const registry = createToolRegistry({
    approval: {
      request: async (request) => {
        approvals.push(request)
        return { kind: 'allowed-once' }
      },
    },
  })
  registry.register(
    defineTool({
      name: 'read_file',
      description: 'Read a text file.',
      parameters: { path: { type: 'string', required: true } },
      execute: async ({ path }) => [{ type: 'text', text: `contents of ${path}` }],
    }),
  )
  registry.register(
    defineTool({
      name: 'shell',
      description: 'Run a shell command.',
      parameters: { command: { type: 'string', required: true } },
      execute: async ({ command }) => [{ type: 'text', text: `ran ${command}` }],
    }),
  )
  registry.register(
    defineTool({
      name: 'remove-file',
      description: 'Remove a file.',
      parameters: { path: { type: 'string', required: true } },
      execute: async ({ path }) => [{ type: 'text', text: `removed ${path}` }],
      presentCall: ({ path }) => ({ card: 'generic', title: `Remove ${path}` }),
    }),
  )
  registry.guard((exec) =>
    exec.name === 'shell' && (exec.arguments as { command: string }).command.includes('rm ')
      ? 'deleting with the shell is not allowed; use remove-file'
      : undefined,
  )
  registry.on('tools/pre-execute', async (exec, next) =>
    exec.name === 'remove-file' ? { kind: 'ask', reason: 'removes a file' } : next(),
  )
  registry.on('tools/result', (exec, result) => {
    results.push({ exec, result })
  })
  return { registry, approvals, results }
}
