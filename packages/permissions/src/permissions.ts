import type { ToolExecutionInput, ToolRegistry, ToolRegistryPlugin } from '@toolpipe/tools'
import type { Explanation } from './explanation.js'
import type { PermissionsOptions } from './permissions-options.js'
import type { SandboxRuleView } from './internal/sandbox-rules.js'
import { PermissionsRuntime } from './internal/plugin/permissions-runtime.js'
import { readOptions } from './internal/read-options.js'
import { warnSafely } from '@toolpipe/core/internal'

/** The permissions plugin: install it with `registry.use`, ask it why with `explain`. */
export interface PermissionsPlugin extends ToolRegistryPlugin {
  /**
   * The decision a call would get and why (SPEC §18.3), without running anything: the rule and
   * file that decided, the mode, each subject and each simple command. A promise until `ready`.
   */
  explain(input: ToolExecutionInput): Explanation | Promise<Explanation>
  /** Settles when every source was read once and the shell parser is loaded. */
  readonly ready: Promise<void>
  /**
   * What the rules in force say about files and hosts, for `createSandbox({ rules })` (SPEC
   * §23): absolute paths and patterns, every settings file (and the persisted-rules file) among
   * the write-denied.
   */
  sandboxRules(): SandboxRuleView
}

/**
 * A registry plugin that decides `allow` / `ask` / `deny` for every call from rules kept in
 * settings files, in the syntax Claude Code users already write (SPEC §18): command lines parsed
 * by a real shell parser and judged simple command by simple command, path rules as gitignore
 * patterns with symlinks resolved, Gemini CLI policy files beside them (the stricter decision
 * wins), modes, tools hidden by a bare deny, files watched, always-answers persisted as readable
 * rules, and every decision reported as `tools/decision` (stage `rule`).
 *
 * Register it before `commandHooks()`: it is then the outer `tools/pre-execute` listener, takes
 * the hooks' decision from `next()`, checks its rules against the hooks' edited arguments, and
 * returns the stricter of the two.
 *
 * @throws PermissionsError (`INVALID_OPTIONS`) naming an option it cannot use
 * @example
 * const rules = permissions({
 *   projectRoot: process.cwd(),
 *   sources: [
 *     { kind: 'project', path: '.toolpipe/settings.json' },
 *     { kind: 'local', path: '.toolpipe/settings.local.json' },
 *   ],
 *   tools: { run_shell: { ruleName: 'Bash', subjects: (args) => [{ kind: 'command', command: String((args as { command: string }).command) }] } },
 * })
 * registry.use(rules)
 * await rules.ready
 */
export function permissions(options: PermissionsOptions): PermissionsPlugin {
  const runtime = new PermissionsRuntime(readOptions(options))
  const plugin = ((registry: ToolRegistry) => install(runtime, registry)) as PermissionsPlugin
  Object.defineProperties(plugin, {
    explain: { value: (input: ToolExecutionInput) => runtime.explain(input) },
    ready: { value: runtime.ready },
    sandboxRules: { value: () => runtime.sandboxRules() },
  })
  return plugin
}

/** Installs the plugin in `registry`: its listeners, hidden tools and watches, until disposed. */
function install(runtime: PermissionsRuntime, registry: ToolRegistry): () => void {
  runtime.install(registry)
  const { projectRoot, cwd, scope } = runtime.config
  const disposers = [
    // Hooks tell their scripts this plugin's mode; an audit log resolves against its root.
    registry.provide('policy/context', {
      projectRoot,
      cwd,
      permissionMode: (agent) => runtime.modeFor(agent),
      toolRules: (name) => runtime.config.tools.get(name),
    }),
    registry.on('tools/pre-execute', (exec, next) => runtime.preExecute(registry, exec, next), {
      scope,
    }),
    registry.on(
      'tools/approval',
      (exec, answer) => {
        runtime.answered(exec, answer)
      },
      { scope },
    ),
    registry.on('tools/change', () => {
      runtime.toolsChanged()
    }),
    ...linkSandbox(runtime, registry),
  ]
  return () => {
    for (const dispose of disposers) dispose()
    runtime.uninstall()
  }
}

/**
 * A `@toolpipe/sandbox` sandbox given as `sandbox` is a registry plugin too: installed here, so
 * that a command it runs unsandboxed is on its call's record (SPEC §23) without a
 * `registry.use(sandbox)` of its own (which it counts, in the same registry). One installed in
 * another registry is left there, with a warning.
 */
function linkSandbox(runtime: PermissionsRuntime, registry: ToolRegistry): (() => void)[] {
  const sandbox = runtime.config.sandbox
  if (typeof sandbox !== 'function') return []
  try {
    return [registry.use(sandbox)]
  } catch (error) {
    warnSafely(
      runtime.config.logger ?? registry.logger,
      'toolpipe: permissions: the sandbox could not be installed in this registry (its unsandboxed runs are recorded where it is installed)',
      error,
    )
    return []
  }
}
