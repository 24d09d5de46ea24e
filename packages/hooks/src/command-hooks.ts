import { resolve } from 'node:path'
import type { JsonValue } from '@toolpipe/core'
import { ruleNameIn } from '@toolpipe/permissions/internal'
import type {
  PreToolDecision,
  ToolExecution,
  ToolExecutionResult,
  ToolRegistry,
  ToolRegistryPlugin,
} from '@toolpipe/tools'
import type { CommandHooksConfig, CommandHooksOptions } from './command-hooks-config.js'
import { HookStoppedError } from './hook-stopped-error.js'
import type { HooksDialect } from './hooks-settings.js'
import { combinePostAnswers } from './internal/combine-post-answers.js'
import { combinePreAnswers, joinDistinct } from './internal/combine-pre-answers.js'
import type { HookReply, PreVerdict } from './internal/combine-pre-answers.js'
import { eventName } from './internal/hook-group.js'
import { hookDecision } from './internal/hook-decision.js'
import { HookProcesses } from './internal/hook-processes.js'
import { HookSettingsStore } from './internal/hook-settings-store.js'
import { hookToolInput } from './internal/hook-tool-input.js'
import { hookToolOf } from './internal/hook-tool-view.js'
import { joinContext } from './internal/join-context.js'
import { jsonEqual } from './internal/json-equal.js'
import { permissionModeOf } from './internal/permission-mode-of.js'
import { planHooks } from './internal/plan-hooks.js'
import { postBlock } from './internal/post-block.js'
import { readCommandHooksConfig } from './internal/read-command-hooks-config.js'
import type { CommandHooksSetup } from './internal/read-command-hooks-config.js'
import { runHookPlan } from './internal/run-hook-plan.js'

declare module '@toolpipe/tools' {
  interface ToolPluginEventMap {
    /** A hook's `systemMessage`, for the user (SPEC §19). */
    'tools/hook-message': string
  }
}

/**
 * A registry plugin that runs external hook commands on every call (SPEC §19), configured in
 * the `hooks` shape Claude Code users already keep (`dialect: 'gemini'`: Gemini CLI's), given in
 * code or read from settings files that are watched.
 *
 * Each hook is a real child process (`/bin/sh -c command` in its own process group, working in
 * `projectRoot`) told the call as JSON on stdin, and answers by its exit code or a JSON object:
 * exit 2 denies the call (`HOOK_DENIED`, stderr the reason) or blocks its result (the tool's
 * output stays, the reason follows it); a JSON
 * `permissionDecision` allows, asks or denies, `updatedInput` rewrites the arguments (validated
 * and checked again by the pipeline), `additionalContext` joins the result's context,
 * `continue: false` stops (`HOOK_STOPPED`), `systemMessage` reaches `tools/hook-message`
 * observers. Several hooks on one call run in parallel and the strictest answer wins. A hook that
 * fails (another exit code, a crash, garbage, its timeout) is logged once and the call goes on;
 * its process group is killed at its timeout, when the call's signal aborts and when the plugin
 * is disposed.
 *
 * Hooks written for Claude Code or Gemini CLI work on the harness's own tools (SPEC §26): the
 * tool is named as the hook's family names it (`Bash` / `run_shell_command`), matchers of either
 * family match it, `tool_input` carries Claude Code's `command`, `file_path` and `url` (from the
 * tool's subjects) and its rules' `hookInput` beside the tool's own arguments, and
 * `permission_mode` is the mode of the `permissions()` plugin on the same registry.
 *
 * Register `permissions()` from `@toolpipe/permissions` before this plugin: its listener is then
 * the outer one, checks its rules against the hooks' edited arguments, and keeps the stricter
 * decision (Claude Code's order: a hook's `allow` never overrides a rule).
 *
 * @throws HooksConfigError (`INVALID_HOOKS_CONFIG`) for a configuration it cannot run, listing
 * every issue with its JSON path
 * @example
 * registry.use(
 *   commandHooks(
 *     { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh' }] }] },
 *       sources: [{ kind: 'project', path: '.claude/settings.json' }] },
 *     { projectRoot: process.cwd() },
 *   ),
 * )
 */
export function commandHooks(
  config: CommandHooksConfig = {},
  options: CommandHooksOptions = {},
): ToolRegistryPlugin {
  const setup = readCommandHooksConfig(config, options)
  return (registry) => installHooks(registry, setup)
}

/** What every call's hooks share once the plugin is installed. */
interface Installed {
  readonly registry: ToolRegistry
  readonly setup: CommandHooksSetup
  readonly store: HookSettingsStore
  readonly processes: HookProcesses
}

function installHooks(registry: ToolRegistry, setup: CommandHooksSetup): () => void {
  const { dialect } = setup
  const processes = new HookProcesses()
  const store = settingsStore(registry, setup)
  const installed: Installed = { registry, setup, store, processes }
  const runAt = (
    exec: ToolExecution,
    moment: 'pre' | 'success' | 'failure',
    result?: Readonly<ToolExecutionResult>,
  ) => runHooksAt(installed, exec, moment, result)
  /** The pre-call hooks' context, until the post-execute listener joins it to the result. */
  const preContexts = new WeakMap<ToolExecution, string[]>()
  /** Calls whose dispatch began: their body ran (SPEC §19: post hooks follow a body that ran). */
  const dispatched = new WeakSet<ToolExecution>()

  const disposers = [
    registry.on('tools/pre-execute', async (exec, next) => {
      const running = runAt(exec, 'pre')
      if (running === undefined) return next()
      const { replies, sequential } = await running
      const contexts = contextsOf(replies)
      if (contexts.length > 0) preContexts.set(exec, contexts)
      const verdict = combinePreAnswers(replies, exec.arguments, sequential)
      if (verdict.kind === 'deny') {
        return { kind: 'deny', reason: verdict.reason, code: verdict.code }
      }
      return withInner(verdict, await next())
    }),
    registry.on('tools/execute', (exec, next) => {
      dispatched.add(exec)
      return next()
    }),
    registry.on('tools/post-execute', async (exec, result, next) => {
      const contexts = preContexts.get(exec) ?? []
      preContexts.delete(exec)
      const moment = result.isError ? 'failure' : 'success'
      const ran = dispatched.has(exec) ? await runAt(exec, moment, result) : undefined
      const replies = ran?.replies ?? []
      const inner = await next()
      contexts.push(...contextsOf(replies))
      const verdict = combinePostAnswers(replies)
      if (verdict.kind === 'stop') throw new HookStoppedError(verdict.reason)
      const context = joinContext(inner.additionalContext, contexts)
      if (verdict.kind === 'accept') {
        return context === undefined ? inner : { ...inner, additionalContext: context }
      }
      return postBlock(verdict.reason, inner, result.content, moment, dialect, context)
    }),
  ]
  return () => {
    for (const dispose of disposers) dispose()
    store.close()
    processes.killAll()
  }
}

/** The hooks given in code and those of the settings files, which it watches. */
function settingsStore(registry: ToolRegistry, setup: CommandHooksSetup): HookSettingsStore {
  return new HookSettingsStore({
    codeGroups: setup.codeGroups,
    sources: setup.sources.map((source) => ({
      ...source,
      path: resolve(setup.projectRoot, source.path),
    })),
    dialect: setup.dialect,
    warn: (message) => {
      warnSafely(registry, message)
    },
  })
}

/**
 * Runs the hooks of a call at one moment, told the call as the hook's family names it (SPEC
 * §19, §26): the tool's rule name in the dialect's family, `tool_input` with Claude Code's
 * fields, the mode of the policy on the registry. Undefined when no hook matches.
 */
function runHooksAt(
  { registry, setup, store, processes }: Installed,
  exec: ToolExecution,
  moment: 'pre' | 'success' | 'failure',
  result?: Readonly<ToolExecutionResult>,
): Promise<{ replies: HookReply[]; sequential: boolean }> | undefined {
  const { dialect, projectRoot } = setup
  const tool = hookToolOf(registry, exec)
  const plan = planHooks(store.groups(), moment, tool.ruleName, dialect)
  if (plan.hooks.length === 0) return undefined
  return runHookPlan(plan, {
    processes,
    facts: {
      dialect,
      sessionId: setup.sessionId,
      transcriptPath: setup.transcriptPath,
      cwd: projectRoot,
      permissionMode: permissionModeOf(registry, exec.agent, setup.permissionMode),
      moment,
      toolName: ruleNameIn(dialect, tool.ruleName),
      toolInput: exec.arguments,
      toolUseId: exec.callId,
      result,
    },
    toolInputOf: (args) => hookToolInput(args, tool, { projectRoot }),
    cwd: projectRoot,
    env: () => ({
      ...process.env,
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

/**
 * The hooks' decision before the call, with the listeners' inside this one (`next()`): a deny
 * inside stands; otherwise the stricter of the two (ask over allow), the hooks' edit or the inner
 * one (two edits that differ: `HOOK_CONFLICT`). A hook's ask is asked every time (`remember:
 * false`): a remembered always-answer for the tool must not silence the hook.
 */
function withInner(
  verdict: Exclude<PreVerdict, { kind: 'deny' }>,
  inner: PreToolDecision,
): PreToolDecision {
  if (inner.kind === 'deny') return inner
  const hooksEdit = verdict.arguments
  const innerEdit: JsonValue | undefined = inner.arguments
  if (hooksEdit !== undefined && innerEdit !== undefined && !jsonEqual(hooksEdit, innerEdit)) {
    return {
      kind: 'deny',
      reason: 'the hooks and a tools/pre-execute listener rewrote the arguments differently',
      code: 'HOOK_CONFLICT',
    }
  }
  const args = hooksEdit ?? innerEdit
  const withArgs = args === undefined ? {} : { arguments: args }
  if (verdict.kind === 'ask') {
    const reasons = [verdict.reason, inner.kind === 'ask' ? inner.reason : undefined].filter(
      (reason): reason is string => reason !== undefined,
    )
    return {
      kind: 'ask',
      ...(reasons.length === 0 ? {} : { reason: joinDistinct(reasons) }),
      ...withArgs,
      remember: false,
    }
  }
  return { ...inner, ...withArgs }
}

/** A call's hooks told: problems logged, messages handed on, decisions recorded, in order. */
function tell(
  registry: ToolRegistry,
  exec: ToolExecution,
  replies: readonly HookReply[],
  moment: 'pre' | 'success' | 'failure',
  dialect: HooksDialect,
): void {
  for (const reply of replies) {
    const { hook, answer } = reply
    if (answer.problem !== undefined) {
      warnSafely(
        registry,
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

function contextsOf(replies: readonly HookReply[]): string[] {
  return replies.flatMap(({ answer }) =>
    answer.additionalContext === undefined ? [] : [answer.additionalContext],
  )
}

/** A log line; a logger that throws must not become the call's failure. */
function warnSafely(registry: ToolRegistry, message: string): void {
  try {
    registry.logger.warn(message)
  } catch {
    // Nowhere left to report it.
  }
}
