import type { JsonValue } from '@toolpipe/core'
import { isPlainObject } from '@toolpipe/core/internal'
import type { HookReply } from './combine-pre-answers.js'
import type { HookCallFacts } from './hook-input.js'
import { hookInput } from './hook-input.js'
import type { HookProcesses } from './hook-processes.js'
import type { HookPlan } from './plan-hooks.js'
import { readHookAnswer } from './read-hook-answer.js'

/** What every hook of one call at one moment shares. */
export interface PlanRun {
  readonly processes: HookProcesses
  /** The call as the hooks are told it; `toolInput` is the call's arguments. */
  readonly facts: HookCallFacts
  /** The `tool_input` hooks are told for these arguments (Claude Code's fields beside them). */
  readonly toolInputOf: (args: JsonValue) => JsonValue
  readonly cwd: string
  /** Made for each hook as it starts: `process.env` then the project variables. */
  readonly env: () => Readonly<Record<string, string | undefined>>
  readonly signal?: AbortSignal | undefined
}

/**
 * Runs a call's hooks for one moment: all at once, or one after another for a Gemini CLI plan
 * marked `sequential` (each then told the arguments as the hooks before it rewrote them).
 * Resolves with one reply per hook in plan order; never rejects.
 */
export async function runHookPlan(plan: HookPlan, run: PlanRun): Promise<HookReply[]> {
  if (!plan.sequential) {
    const told = run.toolInputOf(run.facts.toolInput)
    return Promise.all(plan.hooks.map((hook) => runOne(hook, run, told)))
  }
  const replies: HookReply[] = []
  let input = run.facts.toolInput
  for (const hook of plan.hooks) {
    const reply = await runOne(hook, run, run.toolInputOf(input))
    replies.push(reply)
    const patch = reply.answer.updatedInput
    if (reply.answer.patch === true && patch !== undefined) {
      input = isPlainObject(input) ? { ...input, ...patch } : patch
    }
  }
  return replies
}

async function runOne(
  hook: HookPlan['hooks'][number],
  run: PlanRun,
  /** What this hook is told the arguments are. */
  toolInput: JsonValue,
): Promise<HookReply> {
  const outcome = await run.processes.run({
    command: hook.command,
    cwd: run.cwd,
    env: run.env(),
    input: hookInput({ ...run.facts, toolInput }),
    timeoutMs: hook.timeoutMs,
    signal: run.signal,
  })
  const answer = readHookAnswer(outcome, {
    dialect: run.facts.dialect,
    moment: run.facts.moment,
    command: hook.command,
    timeoutMs: hook.timeoutMs,
  })
  return { hook, answer }
}
