import type { JsonValue } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ApprovalRequest, ApprovalService, ToolDecision, ToolRegistry } from '@toolpipe/tools'

/** What the tools saw and what the registry told its observers. */
export interface Recorded {
  readonly registry: ToolRegistry
  readonly warnings: string[]
  readonly decisions: { callId: string; decision: ToolDecision }[]
  readonly messages: { callId: string; message: string }[]
  /** The arguments each tool body ran with, by tool name. */
  readonly ran: { tool: string; args: JsonValue }[]
  readonly approvals: ApprovalRequest[]
}

/**
 * A registry whose logger, approval service and observers record what they are told (an approval
 * service of the test's own is recorded too; by default every request is allowed once), with the
 * tools people write hooks for: `Bash`, `Edit`, a `BashOutput` to test whole-name matchers, a
 * `Failing` tool, an MCP-style tool whose rule name is `mcp__files__read`. `before` runs after
 * the tools are registered and before the observers are: a plugin it installs is outside them.
 */
export function recordedRegistry(
  approval: ApprovalService | undefined,
  before: ((registry: ToolRegistry) => void) | undefined,
): Recorded {
  const warnings: string[] = []
  const approvals: ApprovalRequest[] = []
  const ran: Recorded['ran'] = []
  const registry = createToolRegistry({
    logger: { warn: (message: string) => warnings.push(message) },
    approval: {
      request: (request) => {
        approvals.push(request)
        return approval?.request(request) ?? Promise.resolve({ kind: 'allowed-once' })
      },
    },
  })
  registerHookedTools(registry, (tool, args) => {
    ran.push({ tool, args })
  })
  before?.(registry)
  const decisions: Recorded['decisions'] = []
  const messages: Recorded['messages'] = []
  registry.on('tools/decision', (exec, decision) => {
    decisions.push({ callId: exec.callId, decision })
  })
  registry.on('tools/hook-message', (exec, message) => {
    messages.push({ callId: exec.callId, message })
  })
  return { registry, warnings, decisions, messages, ran, approvals }
}

/** The tools of {@link recordedRegistry}; each body tells `ran` its arguments. */
function registerHookedTools(
  registry: ToolRegistry,
  ran: (tool: string, args: JsonValue) => void,
): void {
  const record = (tool: string) => (args: unknown) => {
    ran(tool, args as JsonValue)
    return Promise.resolve([{ type: 'text' as const, text: `${tool} ran` }])
  }
  registry.register(
    defineTool({
      name: 'Bash',
      description: 'Run a command.',
      parameters: { command: { type: 'string', required: true }, timeout: { type: 'integer' } },
      // Its subject is its command, as permission rules read it (hooks are told the same field).
      permissions: { subjects: ({ command }) => [{ kind: 'command', command }] },
      execute: record('Bash'),
    }),
  )
  registry.register(
    defineTool({
      name: 'BashOutput',
      description: 'Read a background shell’s output.',
      parameters: { bash_id: { type: 'string', required: true } },
      execute: record('BashOutput'),
    }),
  )
  registry.register(
    defineTool({
      name: 'Edit',
      description: 'Edit a file.',
      parameters: { file_path: { type: 'string', required: true }, content: { type: 'string' } },
      execute: record('Edit'),
    }),
  )
  registry.register(
    defineTool({
      name: 'Failing',
      description: 'Always fails.',
      parameters: {},
      execute: () => Promise.reject(new Error('disk full')),
    }),
  )
  registry.register({
    ...defineTool({
      name: 'files_read',
      description: 'A mounted MCP tool.',
      parameters: { path: { type: 'string' } },
      execute: record('files_read'),
    }),
    permissions: { ruleName: 'mcp__files__read' },
  })
}
