import { asCallId } from '@toolpipe/core'
import type { ContentBlock } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type {
  ToolDecision,
  ToolDefinition,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'

/** A logger that keeps what it is told. */
export interface RecordingLogger {
  readonly warnings: unknown[][]
  warn(message: string, ...details: unknown[]): void
}

export function recordingLogger(): RecordingLogger {
  const warnings: unknown[][] = []
  return { warnings, warn: (message, ...details) => warnings.push([message, ...details]) }
}

/** A registry whose `tools/decision` observers record every decision, with a recording logger. */
export function budgetRegistry(): {
  registry: ToolRegistry
  decisions: ToolDecision[]
  logger: RecordingLogger
} {
  const logger = recordingLogger()
  const registry = createToolRegistry({ logger })
  const decisions: ToolDecision[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  return { registry, decisions, logger }
}

/** A hand-written tool that answers `content` (and whatever else `extra` holds). */
export function answering(
  name: string,
  content: ContentBlock[],
  extra: Partial<ToolDefinition> & { structured?: unknown; meta?: unknown; fail?: boolean } = {},
): ToolDefinition {
  const { structured, meta, fail, ...definition } = extra
  return {
    name,
    description: `answers ${name}`,
    parameters: { type: 'object' },
    execute: () => {
      if (fail === true) return Promise.reject(new Error(textOf(content)))
      return Promise.resolve(
        structured === undefined && meta === undefined ? content : { content, structured, meta },
      )
    },
    ...definition,
  }
}

/** Calls `name` with no arguments. */
export function call(
  registry: ToolRegistry,
  name: string,
  callId = 'call_1',
): Promise<ToolExecutionResult> {
  return registry.execute({ callId: asCallId(callId), name, arguments: {} })
}

/** The text blocks of content, joined. */
export function textOf(content: readonly ContentBlock[]): string {
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
}

/** `[… N tokens omitted (M bytes); the full output is in <path> …]`, its parts captured. */
export const noticeLine =
  /^\[… (~?)(\d+) tokens omitted \((\d+) bytes\); the full output is in (\S+) …\]$/m

/** The spill file a cut text names. */
export function spillPathOf(result: ToolExecutionResult): string {
  const path = noticeLine.exec(textOf(result.content))?.[4]
  if (path === undefined) throw new Error(`no notice in ${textOf(result.content).slice(0, 200)}`)
  return path
}

/** Whether `value` and everything in it is frozen. */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}
