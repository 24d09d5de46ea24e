import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import type { Agent } from '@toolpipe/core'
import { commandLineSubjects, shellTool } from '@toolpipe/shell-tool'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalService, ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { permissions } from '../permissions.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { PermissionSource } from '../permissions-options.js'
import type { PermissionSettings } from '@toolpipe/settings-files'

/** What a corpus row asks of the plugin: the subjects a tool reports, the rules, the mode. */
export interface PluginCase {
  readonly kind: 'command' | 'read' | 'edit' | 'fetch' | 'call'
  readonly line: string
  readonly rules: PermissionSettings
  readonly ruleName?: string | undefined
  readonly args?: Record<string, unknown> | undefined
  readonly mode?: Mode | undefined
  readonly projectRoot: string
  /** A Gemini CLI policy's text, written beside the project as a `.toml` source. */
  readonly gemini?: string | undefined
  readonly scratch: string
}

const agent: Agent = { id: 'corpus' }

/** A decision, or what happened instead (a string the test shows when it fails). */
type Outcome = string

interface Bench {
  readonly registry: ToolRegistry
  readonly asked: string[]
  readonly ran: string[]
}

/**
 * Runs corpus rows through the real plugin on a real registry (SPEC §26: the corpus runs
 * through the plugin as well as through the checker): the call is executed, and what happened
 * tells the decision — an approval request is `ask` (answered "rejected"), a `POLICY_DENIED`
 * result without one is `deny`, the tool's body running is `allow`. One registry per rule set.
 */
export function pluginRunner(): (row: PluginCase) => Promise<Outcome> {
  const benches = new Map<string, Promise<Bench>>()
  return async (row) => {
    const key = JSON.stringify([row.rules, row.mode, row.projectRoot, row.gemini, row.ruleName])
    let bench = benches.get(key)
    if (bench === undefined) {
      bench = makeBench(row, benches.size)
      benches.set(key, bench)
    }
    const { registry, asked, ran } = await bench
    asked.length = 0
    ran.length = 0
    const name =
      row.kind === 'command' ? 'shell' : row.kind === 'call' ? (row.ruleName ?? 'tool') : 'paths'
    const args =
      row.kind === 'command'
        ? { command: row.line }
        : row.kind === 'call'
          ? (row.args ?? {})
          : { kind: row.kind, target: row.line }
    const result = await registry.execute(callInput(name, args, { agent }))
    if (asked.length > 0) return ran.length === 0 ? 'ask' : 'ran after an ask'
    if (ran.length > 0) return 'allow'
    // A bare deny hides the tool: its call is UNKNOWN_TOOL, which denies too.
    if (result.error?.code === 'POLICY_DENIED' || result.error?.code === 'UNKNOWN_TOOL')
      return 'deny'
    return `neither: ${result.error?.code ?? 'no error'}`
  }
}

async function makeBench(row: PluginCase, index: number): Promise<Bench> {
  const asked: string[] = []
  const ran: string[] = []
  const approval: ApprovalService = {
    request: (request) => {
      asked.push(request.toolName)
      return Promise.resolve({ kind: 'rejected' })
    },
  }
  const registry = createToolRegistry({ approval, logger: { warn: () => undefined } })
  registerCorpusTools(registry, row, ran)
  const plugin = permissions({
    projectRoot: row.projectRoot,
    home: '/home/user',
    sources: corpusSources(row, index),
    ...(row.mode === undefined ? {} : { mode: row.mode }),
  })
  registry.use(plugin)
  await plugin.ready
  return { registry, asked, ran }
}

/** The tools a row's call may be of: the shell, a tool of paths and URLs, a tool by name. */
function registerCorpusTools(registry: ToolRegistry, row: PluginCase, ran: string[]): void {
  const record =
    (name: string): ToolDefinition['execute'] =>
    () => {
      ran.push(name)
      return Promise.resolve([{ type: 'text', text: 'ran' }])
    }
  registry.register(
    shellTool(ran, {
      permissions: {
        ruleName: row.kind === 'command' ? (row.ruleName ?? 'Bash') : 'Bash',
        subjects: commandLineSubjects,
      },
    }),
  )
  registry.register({
    name: 'paths',
    description: 'touches a path or a URL',
    parameters: {
      type: 'object',
      properties: { kind: { type: 'string' }, target: { type: 'string' } },
    },
    permissions: {
      ruleName: row.ruleName ?? 'Bash',
      subjects: (args) => {
        const { kind, target } = args as { kind: 'read' | 'edit' | 'fetch'; target: string }
        return [kind === 'fetch' ? { kind, url: target } : { kind, path: target }]
      },
    },
    execute: record('paths'),
  })
  if (row.kind === 'call' && row.ruleName !== undefined) {
    registry.register({
      name: row.ruleName,
      description: 'a tool matched by name',
      parameters: { type: 'object', properties: {} },
      execute: record(row.ruleName),
    })
  }
}

/** The row's rules in code, and its Gemini policy (if any) as a file beside the project. */
function corpusSources(row: PluginCase, index: number): PermissionSource[] {
  const sources: PermissionSource[] = [{ kind: 'cli', settings: { permissions: row.rules } }]
  if (row.gemini !== undefined) {
    const path = join(row.scratch, `policy-${index}.toml`)
    writeFileSync(path, row.gemini)
    sources.push({ kind: 'project', path })
  }
  return sources
}
