import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition, ToolExecution } from '@toolpipe/tools'
import { timeoutPolicy } from '../timeout-policy.js'
import type { TimeoutPolicyOptions } from '../timeout-policy.js'
import type { FaultyClock } from './faulty-clock.js'
import type { ManualClock } from './manual-clock.js'

export type Body = (exec: ToolExecution, time: ManualClock) => Promise<string>

/** Reports progress at each time (cooperatively), then answers at `doneAt`. */
export const reporting =
  (reportsAt: readonly number[], doneAt: number): Body =>
  async (exec, time) => {
    let now = 0
    for (const at of reportsAt) {
      await time.sleep(at - now, exec.signal)
      now = at
      exec.reportProgress({ progress: at })
    }
    await time.sleep(doneAt - now, exec.signal)
    return 'done'
  }

/** Reports every 50 ms until its signal aborts (or answers after 5 s, when nothing stops it). */
export const reportsForever: Body = async (exec, time) => {
  for (let at = 50; at <= 5_000; at += 50) {
    await time.sleep(50, exec.signal)
    exec.reportProgress({ progress: at })
  }
  return 'done'
}

/**
 * Runs one call of a `timeoutMs: 100` tool under `clock` for `ms` of its time, then
 * 10 s more (timers the policy could not clear fire then), and says what happened.
 */
export async function run(
  clock: FaultyClock,
  body: Body,
  options: Omit<TimeoutPolicyOptions, 'clock'>,
  ms = 6_000,
) {
  const input = callInput('work')
  const callId = input.callId
  const warnings: unknown[][] = []
  const registry = createToolRegistry({ logger: { warn: (...details) => warnings.push(details) } })
  registry.use(timeoutPolicy({ ...options, clock }))
  const definition: ToolDefinition = {
    name: 'work',
    description: 'Works on a clock.',
    parameters: { type: 'object' },
    timeoutMs: 100,
    execute: async (_args, exec) => [{ type: 'text', text: await body(exec, clock.time) }],
  }
  registry.register(definition)
  let settledAt: number | undefined
  const pending = registry.execute(input).then((result) => ((settledAt = clock.time.now), result))
  await clock.time.advance(ms)
  const result = await pending
  // Timers the policy could not clear fire now: they must do nothing.
  await clock.time.advance(10_000)
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
  const messages = warnings.map((details) => String(details[0]))
  return { result, settledAt, messages, callId, escaped: clock.escaped }
}
