import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asCallId } from '@toolpipe/core'
import type { Agent, JsonValue } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type {
  ApprovalRequest,
  ApprovalService,
  ToolDecision,
  ToolExecutionInput,
  ToolRegistry,
} from '@toolpipe/tools'
import { commandHooks } from '../command-hooks.js'
import type { CommandHooksConfig, CommandHooksOptions } from '../command-hooks-config.js'

/** A shell word: `'…'` with every `'` closed, escaped and reopened. */
export function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** A hook command that reads its input and prints `answer` as JSON on stdout. */
export function answers(answer: unknown): string {
  return `cat > /dev/null; printf '%s\\n' ${quote(JSON.stringify(answer))}`
}

/** A temporary project folder with a `hooks/` folder for scripts, removed by `remove()`. */
export class Project {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-hooks-project-')))

  constructor() {
    mkdirSync(join(this.root, 'hooks'))
  }

  /** Writes an executable `hooks/<name>` (`#!/bin/sh` + body); returns the command to run it. */
  script(name: string, body: string): string {
    const path = join(this.root, 'hooks', name)
    writeFileSync(path, `#!/bin/sh\n${body}\n`)
    chmodSync(path, 0o755)
    return `"$CLAUDE_PROJECT_DIR"/hooks/${name}`
  }

  file(name: string): string {
    return join(this.root, name)
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}

/** What the tools saw and what the registry told its observers. */
export interface Harness {
  readonly registry: ToolRegistry
  readonly warnings: string[]
  readonly decisions: { callId: string; decision: ToolDecision }[]
  readonly messages: { callId: string; message: string }[]
  /** The arguments each tool body ran with, by tool name. */
  readonly ran: { tool: string; args: JsonValue }[]
  readonly approvals: ApprovalRequest[]
  /** Runs one call; `name` defaults to `Bash`. */
  call(args: JsonValue, extra?: Partial<ToolExecutionInput>): ReturnType<ToolRegistry['execute']>
  dispose(): void
}

export const agent: Agent = { id: 'agent-1' }

let counter = 0

/**
 * A registry with the tools people write hooks for (`Bash`, `Edit`, a `BashOutput` to test
 * whole-name matchers, a `Failing` tool, an MCP-style tool whose rule name is
 * `mcp__files__read`), `commandHooks(config, options)` installed, and every observer recorded.
 */
export function harness(
  config: CommandHooksConfig,
  options: CommandHooksOptions & {
    approval?: ApprovalService
    before?: (registry: ToolRegistry) => void
  } = {},
): Harness {
  const warnings: string[] = []
  const decisions: Harness['decisions'] = []
  const messages: Harness['messages'] = []
  const ran: Harness['ran'] = []
  const approvals: ApprovalRequest[] = []
  const approval: ApprovalService = options.approval ?? {
    request: (request) => {
      approvals.push(request)
      return Promise.resolve({ kind: 'allowed-once' })
    },
  }
  const registry = createToolRegistry({
    logger: { warn: (message: string) => warnings.push(message) },
    approval: {
      request: (request) => {
        if (options.approval !== undefined) approvals.push(request)
        return approval.request(request)
      },
    },
  })
  const record = (tool: string) => (args: JsonValue) => {
    ran.push({ tool, args })
    return Promise.resolve([{ type: 'text' as const, text: `${tool} ran` }])
  }
  registry.register(
    defineTool({
      name: 'Bash',
      description: 'Run a command.',
      parameters: { command: { type: 'string', required: true }, timeout: { type: 'integer' } },
      execute: (args) => record('Bash')(args as JsonValue),
    }),
  )
  registry.register(
    defineTool({
      name: 'BashOutput',
      description: 'Read a background shell’s output.',
      parameters: { bash_id: { type: 'string', required: true } },
      execute: (args) => record('BashOutput')(args as JsonValue),
    }),
  )
  registry.register(
    defineTool({
      name: 'Edit',
      description: 'Edit a file.',
      parameters: { file_path: { type: 'string', required: true }, content: { type: 'string' } },
      execute: (args) => record('Edit')(args as JsonValue),
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
      execute: (args) => record('files_read')(args as JsonValue),
    }),
    permissions: { ruleName: 'mcp__files__read' },
  })
  options.before?.(registry)
  registry.on('tools/decision', (exec, decision) => {
    decisions.push({ callId: exec.callId, decision })
  })
  registry.on('tools/hook-message', (exec, message) => {
    messages.push({ callId: exec.callId, message })
  })
  const hookOptions: CommandHooksOptions = {
    projectRoot: options.projectRoot,
    sessionId: options.sessionId,
    permissionMode: options.permissionMode,
    transcriptPath: options.transcriptPath,
    dialect: options.dialect,
  }
  const dispose = registry.use(commandHooks(config, hookOptions))
  return {
    registry,
    warnings,
    decisions,
    messages,
    ran,
    approvals,
    call: (args, extra = {}) =>
      registry.execute({
        callId: asCallId(`call_${++counter}`),
        name: 'Bash',
        arguments: args,
        agent,
        ...extra,
      }),
    dispose,
  }
}
