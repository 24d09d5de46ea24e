import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { callInput } from '@toolpipe/call-inputs'
import type { Agent, ContentBlock, JsonValue } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, vi } from 'vitest'
import type {
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalService,
  ToolDecision,
  ToolDefinition,
  ToolExecutionInput,
  ToolRegistry,
} from '@toolpipe/tools'

export const alice: Agent = { id: 'alice' }

/** The project's shared settings file and this person's, as most plugin tests read them. */
export const settingsSources = [
  { kind: 'project' as const, path: '.toolpipe/settings.json' },
  { kind: 'local' as const, path: '.toolpipe/settings.local.json' },
]

/** A call input with a fresh call id, made by alice unless told otherwise. */
export function call(
  name: string,
  args: unknown = {},
  rest: Partial<ToolExecutionInput> = {},
): ToolExecutionInput {
  return callInput(name, args, { agent: alice, ...rest })
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

/** A tool with no subjects: matched by name only. */
export function plainTool(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: () => Promise.resolve([text(`${name} ran`)]),
    ...extra,
  }
}

/** An approval service that answers from a script and records what it was asked. */
export function scriptedApproval(
  ...outcomes: ApprovalOutcome[]
): ApprovalService & { requests: ApprovalRequest[] } {
  const requests: ApprovalRequest[] = []
  return {
    requests,
    request: (request) => {
      requests.push(request)
      const outcome = outcomes.shift()
      if (outcome === undefined) return Promise.reject(new Error('asked once too often'))
      return Promise.resolve(outcome)
    },
  }
}

/** A scratch project folder, real (symlinks resolved), removed by `cleanup`. */
export function scratchProject(): {
  root: string
  write(path: string, content: string | JsonValue): string
  cleanup(): void
} {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-permissions-')))
  return {
    root,
    write(path, content) {
      const absolute = join(root, path)
      mkdirSync(dirname(absolute), { recursive: true })
      writeFileSync(
        absolute,
        typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`,
      )
      return absolute
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A registry with a recording logger and decision log. */
export function recordingRegistry(approval?: ApprovalService): {
  registry: ToolRegistry
  warnings: string[]
  decisions: ToolDecision[]
} {
  const warnings: string[] = []
  const registry = createToolRegistry({
    ...(approval === undefined ? {} : { approval }),
    logger: { warn: (message: string) => warnings.push(message) },
  })
  const decisions: ToolDecision[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  return { registry, warnings, decisions }
}

/** The text of a result's content. */
export function resultText(result: { content: readonly ContentBlock[] }): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
}

/** A maker of scratch projects for one test file: each removed after its test. */
export function scratchProjects(): () => ReturnType<typeof scratchProject> {
  const made: ReturnType<typeof scratchProject>[] = []
  afterEach(() => {
    for (const project of made.splice(0)) project.cleanup()
  })
  return () => {
    const project = scratchProject()
    made.push(project)
    return project
  }
}

/**
 * Waits until `check` passes — a file change the watcher has seen, a rule written, a log line
 * appended — trying every 20 ms for up to a minute. A busy machine (turbo runs packages side by
 * side on 2 cores) may take well over vitest's default second to deliver a file event; a
 * condition that never comes true still fails, later.
 */
export function eventually<TResult>(check: () => TResult | Promise<TResult>): Promise<TResult> {
  return vi.waitFor(check, { timeout: 60_000, interval: 20 })
}
