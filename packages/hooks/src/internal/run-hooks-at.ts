import { scrubSecretEnv } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { ruleNameIn } from '@toolpipe/settings-files'
import type { ToolExecution, ToolExecutionResult, ToolRegistry } from '@toolpipe/tools'
import { ruleViewOf, visibleRuleView } from '@toolpipe/tools/internal'
import type { HooksDialect } from '../hooks-settings.js'
import type { CommandHooksSetup } from './command-hooks-setup.js'
import type { HookReply } from './combine-pre-answers.js'
import { eventName } from './hook-group.js'
import { hookDecision } from './hook-decision.js'
import type { HookProcesses } from './hook-processes.js'
import type { HookSettingsStore } from './hook-settings-store.js'
import { hookToolInput } from './hook-tool-input.js'
import { planHooks, runsAt } from './plan-hooks.js'
import { policyFactsOf } from './policy-facts-of.js'
import { runHookPlan } from './run-hook-plan.js'

/** What every call's hooks share once the plugin is installed. */
export interface InstalledHooks {
  readonly registry: ToolRegistry
  readonly setup: CommandHooksSetup
  readonly store: HookSettingsStore
  readonly processes: HookProcesses
}

/** When hooks run: before the call, or after a body that succeeded or failed. */
export type HookMoment = 'pre' | 'success' | 'failure'

/**
 * Runs the hooks of a call at one moment, told the call as the hook's family names it (SPEC
 * §19, §26): the tool's rule name in the dialect's family, `tool_input` with Claude Code's
 * fields (relative paths resolved against the policy's `cwd`), the mode of the policy on the
 * registry. Undefined when no hook matches.
 */
export function runHooksAt(
  { registry, setup, store, processes }: InstalledHooks,
  exec: ToolExecution,
  moment: HookMoment,
  result?: Readonly<ToolExecutionResult>,
): Promise<{ replies: HookReply[]; sequential: boolean }> | undefined {
  const { dialect, projectRoot } = setup
  const groups = store.groups()
  // Nothing to run at this moment: no policy to ask (the common case stays as cheap as it was).
  if (!groups.some((group) => runsAt(group, moment))) return undefined
  // The tool as the policy's rules see it: its `tools` option first, else the definition's own.
  const policy = policyFactsOf(registry, exec.agent, setup.permissionMode, exec.name)
  const visible = visibleRuleView(registry, exec.name, exec.agent)
  const tool =
    policy.toolRules === undefined
      ? visible
      : ruleViewOf(exec.name, visible.definition, policy.toolRules)
  const plan = planHooks(groups, moment, tool.ruleName, dialect)
  if (plan.hooks.length === 0) return undefined
  return runHookPlan(plan, {
    processes,
    facts: {
      dialect,
      sessionId: setup.sessionId,
      transcriptPath: setup.transcriptPath,
      cwd: projectRoot,
      permissionMode: policy.permissionMode,
      moment,
      toolName: ruleNameIn(dialect, tool.ruleName),
      toolInput: exec.arguments,
      toolUseId: exec.callId,
      result,
    },
    // Relative subject paths resolve where the policy's rules resolve them (SPEC §18.1, §26).
    toolInputOf: (args) => hookToolInput(args, tool, { projectRoot, cwd: policy.cwd }),
    cwd: projectRoot,
    env: () => ({
      ...(setup.scrubEnv ? scrubSecretEnv(process.env) : process.env),
      TOOLPIPE_PROJECT_DIR: projectRoot,
      CLAUDE_PROJECT_DIR: projectRoot,
      ...(dialect === 'gemini' ? { GEMINI_PROJECT_DIR: projectRoot } : {}),
    }),
    signal: exec.signal,
  }).then((replies) => {
    tell(registry, exec, replies, moment, dialect)
    return { replies, sequential: plan.sequential }
  })
}

/** A call's hooks told: problems logged, messages handed on, decisions recorded, in order. */
function tell(
  registry: ToolRegistry,
  exec: ToolExecution,
  replies: readonly HookReply[],
  moment: HookMoment,
  dialect: HooksDialect,
): void {
  for (const reply of replies) {
    const { hook, answer } = reply
    if (answer.problem !== undefined) {
      // A logger that throws must not become the call's failure.
      warnSafely(
        registry.logger,
        `@toolpipe/hooks: ${eventName(dialect, moment)} hook "${hook.command}" ${answer.problem}; the call goes on`,
      )
    }
    if (answer.systemMessage !== undefined) {
      registry.notify('tools/hook-message', exec, answer.systemMessage)
    }
    const decision = hookDecision(reply, moment === 'pre' ? 'pre' : 'post')
    if (decision !== undefined) registry.reportDecision(exec, decision)
  }
}
