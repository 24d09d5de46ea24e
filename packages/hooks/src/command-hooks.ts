import { resolve } from 'node:path'
import { warnSafely } from '@toolpipe/core/internal'
import type { ToolExecution, ToolRegistry, ToolRegistryPlugin } from '@toolpipe/tools'
import type { CommandHooksConfig, CommandHooksOptions } from './command-hooks-options.js'
import { combinePostAnswers } from './internal/combine-post-answers.js'
import { combinePreAnswers } from './internal/combine-pre-answers.js'
import type { HookReply } from './internal/combine-pre-answers.js'
import type { CommandHooksSetup } from './internal/command-hooks-setup.js'
import { HookProcesses } from './internal/hook-processes.js'
import { HookSettingsStore } from './internal/hook-settings-store.js'
import { joinContext } from './internal/join-context.js'
import { postBlock, postStop } from './internal/post-block.js'
import { readCommandHooksOptions } from './internal/read-command-hooks-options.js'
import { readLegacyHooksArguments } from './internal/read-legacy-hooks-arguments.js'
import { runHooksAt } from './internal/run-hooks-at.js'
import type { InstalledHooks } from './internal/run-hooks-at.js'
import { withInnerDecision } from './internal/with-inner-decision.js'

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
 * @throws HooksConfigError: `INVALID_OPTIONS` naming an option it cannot use;
 * `INVALID_HOOKS_CONFIG` for hooks or sources it cannot run, listing every issue with its JSON
 * path
 * @example
 * registry.use(
 *   commandHooks({
 *     hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './check.sh' }] }] },
 *     sources: [{ kind: 'project', path: '.claude/settings.json' }],
 *     projectRoot: process.cwd(),
 *   }),
 * )
 */
export function commandHooks(options?: CommandHooksOptions): ToolRegistryPlugin
/**
 * The two-argument form: the hooks configuration, then the other options.
 *
 * @deprecated Pass one options object, `commandHooks({ hooks, sources, projectRoot, … })`. This
 * form keeps working as before: every problem of either argument is an issue of one
 * `HooksConfigError` (`INVALID_HOOKS_CONFIG`).
 */
export function commandHooks(
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated form's own type
  config: CommandHooksConfig | undefined,
  options: Omit<CommandHooksOptions, 'hooks' | 'sources'> | undefined,
): ToolRegistryPlugin
export function commandHooks(...given: readonly unknown[]): ToolRegistryPlugin {
  const setup =
    given.length > 1
      ? readLegacyHooksArguments(given[0], given[1])
      : readCommandHooksOptions(given[0])
  return (registry) => installHooks(registry, setup)
}

function installHooks(registry: ToolRegistry, setup: CommandHooksSetup): () => void {
  const processes = new HookProcesses(setup.clock)
  const store = settingsStore(registry, setup)
  const installed: InstalledHooks = { registry, setup, store, processes }
  /** The pre-call hooks' context, until the post-execute listener joins it to the result. */
  const preContexts = new WeakMap<ToolExecution, string[]>()
  /** Calls whose dispatch began: their body ran (SPEC §19: post hooks follow a body that ran). */
  const dispatched = new WeakSet<ToolExecution>()

  const disposers = [
    registry.on('tools/pre-execute', (exec, next) => {
      const running = runHooksAt(installed, exec, 'pre')
      // No hook for this call: the rest of the chain's own promise, so that a listener outside
      // (the permissions plugin) still learns a decision made at once (`settledDecision`).
      if (running === undefined) return next()
      return running.then(async ({ replies, sequential }) => {
        const contexts = contextsOf(replies)
        if (contexts.length > 0) preContexts.set(exec, contexts)
        const verdict = combinePreAnswers(replies, exec.arguments, sequential)
        if (verdict.kind === 'deny') {
          return { kind: 'deny', reason: verdict.reason, code: verdict.code }
        }
        return withInnerDecision(verdict, await next())
      })
    }),
    registry.on('tools/execute', (exec, next) => {
      dispatched.add(exec)
      return next()
    }),
    registry.on('tools/post-execute', async (exec, result, next) => {
      const contexts = preContexts.get(exec) ?? []
      preContexts.delete(exec)
      const moment = result.isError ? 'failure' : 'success'
      const ran = dispatched.has(exec)
        ? await runHooksAt(installed, exec, moment, result)
        : undefined
      const replies = ran?.replies ?? []
      const inner = await next()
      contexts.push(...contextsOf(replies))
      const verdict = combinePostAnswers(replies)
      const context = joinContext(inner.additionalContext, contexts)
      if (verdict.kind === 'stop') {
        return postStop(verdict.reason, inner, result.content, setup.dialect, context)
      }
      if (verdict.kind === 'accept') {
        return context === undefined ? inner : { ...inner, additionalContext: context }
      }
      return postBlock(verdict.reason, inner, result.content, moment, setup.dialect, context)
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
    clock: setup.clock,
    warn: (message) => {
      // A logger that throws must not become the call's failure.
      warnSafely(registry.logger, message)
    },
  })
}

function contextsOf(replies: readonly HookReply[]): string[] {
  return replies.flatMap(({ answer }) =>
    answer.additionalContext === undefined ? [] : [answer.additionalContext],
  )
}
