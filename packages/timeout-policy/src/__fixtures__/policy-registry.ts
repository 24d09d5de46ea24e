import { createToolRegistry } from '@toolpipe/tools'
import type {
  ToolDefinition,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'
import { ManualClock } from './manual-clock.js'
import { timeoutPolicy } from '../timeout-policy.js'
import type { TimeoutPolicyOptions } from '../timeout-policy.js'

/**
 * The result of a call whose tool's `timeoutMs` was `ms` and that the policy timed out: SPEC §7's
 * words, whichever deadline passed.
 */
export const timedOutResult = (ms: number): ToolExecutionResult => ({
  content: [{ type: 'text', text: `Error: tool call timed out after ${ms}ms` }],
  isError: true,
  error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
})

/** The result of a call that answered `text`. */
export const ok = (text: string): ToolExecutionResult => ({
  content: [{ type: 'text', text }],
  isError: false,
})

/** A tool whose body answers what `run` resolves to, with `timeoutMs` when given. */
export function tool(
  name: string,
  run: (exec: ToolExecution) => Promise<string>,
  timeoutMs?: number,
): ToolDefinition {
  return {
    name,
    description: name,
    parameters: { type: 'object' },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute: async (_args, exec) => [{ type: 'text', text: await run(exec) }],
  }
}

/** A tool body that never answers: it rejects with its signal's reason when the signal aborts. */
export function untilAborted(exec: ToolExecution): Promise<string> {
  return new Promise<string>((_resolve, reject) => {
    exec.signal?.addEventListener('abort', () => {
      reject(exec.signal?.reason as Error)
    })
  })
}

/** A registry with the policy on a {@link ManualClock}, its warnings recorded. */
export function setup(options: Omit<TimeoutPolicyOptions, 'clock'> = {}) {
  const clock = new ManualClock()
  const warnings: unknown[][] = []
  const registry = createToolRegistry({ logger: { warn: (...details) => warnings.push(details) } })
  const uninstall = registry.use(timeoutPolicy({ ...options, clock }))
  return { clock, registry, uninstall, warnings }
}

/** Starts a call and lets the clock run `ms`, then returns the settled result. */
export async function runFor(
  registry: ToolRegistry,
  clock: ManualClock,
  input: ToolExecutionInput,
  ms: number,
) {
  const pending = registry.execute(input)
  await clock.advance(ms)
  return pending
}
