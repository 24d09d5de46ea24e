import { join } from 'node:path'
import type { Agent } from '@toolpipe/core'
import type {
  PreToolDecision,
  ToolDecision,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionToken,
  ToolRegistry,
  ToolRegistryLogger,
  ToolRegistryPlugin,
  ToolVisibilityFilter,
} from '@toolpipe/tools'
import type { Explanation } from './explanation.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { PermissionsError } from './permissions-error.js'
import type { PermissionsOptions } from './permissions-options.js'
import { evaluateCall } from './internal/evaluate/evaluate-call.js'
import type { Evaluation } from './internal/evaluate/evaluate-call.js'
import { generaliseAnswer } from './internal/persist/generalise-answer.js'
import { appendRules } from './internal/persist/persist-rules.js'
import { readOptions } from './internal/read-options.js'
import { readSubjects, toolView } from './internal/read-subjects.js'
import type { ToolView } from './internal/read-subjects.js'
import { RuleSources } from './internal/rule-sources.js'
import { hiddenTools } from './internal/hidden-tools.js'
import type { HiddenTools } from './internal/hidden-tools.js'
import { lintRules } from './internal/lint-rules.js'
import {
  managedDenial,
  managedDenialExplanation,
  managedDenialRecord,
} from './internal/managed-denial.js'
import type { RuleSet } from './internal/rules/rule-set.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'

/** The permissions plugin: install it with `registry.use`, ask it why with `explain`. */
export interface PermissionsPlugin extends ToolRegistryPlugin {
  /**
   * The decision a call would get and why (SPEC §18.3), without running anything: the rule and
   * file that decided, the mode, each subject and each simple command. A promise until `ready`.
   */
  explain(input: ToolExecutionInput): Explanation | Promise<Explanation>
  /** Settles when every source was read once and the shell parser is loaded. */
  readonly ready: Promise<void>
}

interface PendingAsk {
  readonly view: ToolView
  readonly evaluation: Evaluation
  readonly subjects: ReturnType<typeof readSubjects>
}

/** A call's evaluation and the decision record it gives. */
interface Judged {
  readonly entry: PendingAsk
  readonly decision: ToolDecision
}

/** The `tools/decision` record of an explanation (SPEC §18.5, stage `rule`). */
function toDecision(explanation: Explanation): ToolDecision {
  const rule = explanation.rule
  return {
    stage: 'rule',
    outcome: explanation.decision,
    source:
      rule === undefined
        ? { kind: 'permissions', id: `mode:${explanation.mode}` }
        : rule.source.path === undefined
          ? { kind: 'permissions', id: rule.text }
          : { kind: 'permissions', id: rule.text, path: rule.source.path },
    reason: explanation.reason,
  }
}

/** A parser that parses nothing: what command lines meet when the real one failed to load. */
const noParser: BashParser = { parse: () => undefined, types: [], named: [] }

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
  const config = readOptions(options)
  let registry: ToolRegistry | undefined
  // Until the plugin is installed, warnings wait for the registry's logger (unless one was given).
  const early: unknown[][] = []
  let logger: ToolRegistryLogger = config.logger ?? {
    warn: (message: string, ...details: unknown[]) => {
      early.push([message, ...details])
    },
  }
  let parser: BashParser | undefined
  let hidden: HiddenTools = { hides: () => false, signature: '' }
  let disposeHide: (() => void) | undefined
  let linted = false
  const lintWarned = new Set<string>()
  const pending = new Map<ToolExecutionToken, PendingAsk>()
  let writes: Promise<void> = Promise.resolve()
  let bypassWarned = false

  const sources = new RuleSources(
    config,
    () => logger,
    (rules) => {
      rulesChanged(rules)
    },
  )

  const ready = loadBashParser().then(
    (loaded) => {
      parser = loaded
    },
    (error: unknown) => {
      parser = noParser
      warn('toolpipe: the shell parser failed to load; every command line asks', error)
      throw error
    },
  )
  ready.catch(() => undefined)
  sources.start()

  function warn(message: string, ...details: unknown[]): void {
    try {
      logger.warn(message, ...details)
    } catch {
      // Nowhere left to report it.
    }
  }

  function modeOf(rules: RuleSet): Mode {
    const mode = config.mode ?? rules.defaultMode ?? 'default'
    if (mode === 'bypassPermissions' && rules.bypassDisabled) {
      if (!bypassWarned) {
        bypassWarned = true
        warn('toolpipe: a managed source disables bypassPermissions; the default mode applies')
      }
      return 'default'
    }
    return mode
  }

  function rulesChanged(rules: RuleSet): void {
    const next = hiddenTools(rules, modeOf(rules))
    const changed = next.signature !== hidden.signature
    hidden = next
    const target = registry
    if (changed && target !== undefined) {
      target.batch(() => {
        disposeHide?.()
        disposeHide = target.hide(filter, { scope: config.scope })
      })
    }
    if (linted) lint()
  }

  const filter: ToolVisibilityFilter = (name, _scope, definition) => {
    const ruleName = (config.tools.get(name) ?? definition.permissions)?.ruleName ?? name
    return hidden.hides(ruleName)
  }

  function lint(): void {
    linted = true
    const target = registry
    if (target === undefined) return
    const views: ToolView[] = []
    const seen = new Set<string>()
    for (const scope of config.scope === undefined ? [undefined] : [undefined, config.scope]) {
      for (const definition of target.list(scope)) {
        if (seen.has(definition.name)) continue
        seen.add(definition.name)
        views.push(toolView(definition.name, definition, config.tools))
      }
    }
    for (const [name, rules] of config.tools)
      if (!seen.has(name)) views.push(toolView(name, undefined, new Map([[name, rules]])))
    for (const message of lintRules(sources.rules, views, hidden)) {
      if (lintWarned.has(message)) continue
      lintWarned.add(message)
      warn(message)
    }
  }

  // How rules see each definition, worked out once per definition object.
  const views = new WeakMap<object, ToolView>()
  function viewOf(name: string, agent: Agent | undefined): ToolView {
    const definition = registry?.get(name, agent)
    if (definition === undefined) return toolView(name, undefined, config.tools)
    let view = views.get(definition)
    if (view === undefined || definition.name !== name) {
      view = toolView(name, definition, config.tools)
      views.set(definition, view)
    }
    return view
  }

  function evaluate(view: ToolView, agent: Agent | undefined, args: unknown): PendingAsk {
    const rules = sources.rules
    const subjects = readSubjects(view.rules, args)
    const mode = modeOf(rules)
    if (typeof subjects === 'string') {
      // The tool's subjects cannot be read: an ask no mode turns into an allow (SPEC §26).
      const decision = mode === 'dontAsk' || (mode === 'plan' && !view.readOnly) ? 'deny' : 'ask'
      return {
        view,
        subjects,
        evaluation: {
          explanation: { decision, basis: 'cannot-read', mode, reason: subjects, subjects: [] },
          analyses: [],
        },
      }
    }
    const evaluation = evaluateCall(
      {
        ruleName: view.ruleName,
        arguments: args,
        subjects,
        readOnly: view.readOnly,
        hints: view.hints,
        agentId: agent?.id,
      },
      { rules, mode, parser: parser ?? noParser, cwd: config.cwd, home: config.home },
    )
    return { view, subjects, evaluation }
  }

  function report(target: ToolRegistry, exec: ToolExecution, decision: ToolDecision): void {
    try {
      target.reportDecision(exec, decision)
    } catch (error) {
      warn('toolpipe: permissions could not report a decision', error)
    }
  }

  // A call matched by name only is judged the same way every time while the rules, the mode and
  // the tool's view stay (its arguments matter only to parameter rules and Gemini rules): its
  // evaluation and decision record are worked out once per view, rule set and mode.
  const byName = new WeakMap<ToolView, Judged & { readonly rules: RuleSet; readonly mode: Mode }>()

  function judge(name: string, agent: Agent | undefined, args: unknown): Judged {
    const view = viewOf(name, agent)
    const rules = sources.rules
    const cacheable =
      view.rules?.subjects === undefined &&
      rules.gemini.length === 0 &&
      !rules.deny.specified.has(canonicalRuleName(view.ruleName)) &&
      !rules.ask.specified.has(canonicalRuleName(view.ruleName))
    if (cacheable) {
      const cached = byName.get(view)
      if (cached?.rules === rules && cached.mode === modeOf(rules)) {
        return cached
      }
    }
    const entry = evaluate(view, agent, args)
    const judged = { entry, decision: toDecision(entry.evaluation.explanation) }
    if (cacheable) byName.set(view, { ...judged, rules, mode: entry.evaluation.explanation.mode })
    return judged
  }

  function persist(exec: Readonly<ToolExecution>, entry: PendingAsk, list: 'allow' | 'deny'): void {
    const subjects = typeof entry.subjects === 'string' ? undefined : entry.subjects
    const answer = generaliseAnswer(
      entry.view.ruleName,
      subjects,
      entry.evaluation.analyses,
      entry.evaluation.explanation,
      { cwd: config.cwd, home: config.home },
      list,
    )
    for (const why of answer.withheld) {
      warn(
        `toolpipe: the always-answer for "${exec.name}" (call "${exec.callId}") is not written as a rule: ${why}`,
      )
    }
    if (answer.rules.length === 0) return
    const spec = config.persistTo
    // In force now, for the calls that start after the answer; the file follows.
    sources.addPending(spec, list, answer.rules)
    const path = spec.path ?? join(config.projectRoot, '.toolpipe', 'settings.local.json')
    writes = writes
      .then(() => appendRules(path, list, answer.rules))
      .then(() => {
        sources.refresh(spec)
        sources.settlePending(spec, list, answer.rules)
      })
      .catch((error: unknown) => {
        warn(
          `toolpipe: could not write the always-answer to ${spec.label}; it stays in force until the plugin is disposed`,
          error,
        )
      })
  }

  /** Waits for the shell parser (once), and lints the rules against the tools (once). */
  async function prepare(): Promise<void> {
    if (parser === undefined) await ready.catch(() => undefined)
    if (!linted) lint()
  }

  /**
   * The rules' decision around what the inner `tools/pre-execute` listeners (the hooks) decided:
   * their deny stands; otherwise the rules judge the arguments they edited, and the stricter of
   * the two is returned.
   */
  function decideAfter(
    target: ToolRegistry,
    exec: ToolExecution,
    inner: PreToolDecision,
  ): PreToolDecision {
    if (inner.kind === 'deny') return inner
    const args = inner.arguments !== undefined ? inner.arguments : exec.arguments
    const { entry, decision } = judge(exec.name, exec.agent, args)
    const explanation = entry.evaluation.explanation
    report(target, exec, decision)
    if (explanation.decision === 'deny')
      return { kind: 'deny', reason: explanation.reason, code: 'POLICY_DENIED' }
    if (explanation.decision === 'ask') {
      pending.set(exec.token, entry)
      const reason =
        inner.kind === 'ask' && inner.reason !== undefined
          ? `${explanation.reason}; ${inner.reason}`
          : explanation.reason
      return inner.arguments === undefined
        ? { kind: 'ask', reason, remember: false }
        : { kind: 'ask', reason, remember: false, arguments: inner.arguments }
    }
    return inner
  }

  const plugin = ((target: ToolRegistry) => {
    if (registry !== undefined) {
      throw new PermissionsError(
        'permissions: this plugin is already installed in a registry; dispose it there first',
        'ALREADY_INSTALLED',
      )
    }
    registry = target
    if (config.logger === undefined) {
      logger = target.logger
      for (const [message, ...details] of early.splice(0)) warn(String(message), ...details)
    }
    sources.start()
    const scope = { scope: config.scope }
    disposeHide = target.hide(filter, scope)
    // Rule typos show when the rules are ready, not at the first call (SPEC §26).
    ready.then(
      () => {
        if (registry === target) lint()
      },
      () => undefined,
    )
    const disposers = [
      // Hooks tell their scripts this plugin's mode; an audit log resolves against its root.
      target.provide('policy/context', {
        projectRoot: config.projectRoot,
        cwd: config.cwd,
        permissionMode: (agent) =>
          config.scope === undefined || agent === config.scope ? modeOf(sources.rules) : undefined,
      }),
      target.on(
        'tools/pre-execute',
        (exec, next) => {
          // A managed file that cannot be used denies before anything else runs (SPEC §26).
          const unreadable = sources.rules.managedUnreadable
          if (unreadable !== undefined) {
            report(target, exec, managedDenialRecord(unreadable))
            return managedDenial(unreadable)
          }
          // Once the parser is loaded and the rules linted, no await of its own: one
          // continuation after the inner listeners' decision is all a call costs.
          return parser === undefined || !linted
            ? prepare().then(() => next().then((inner) => decideAfter(target, exec, inner)))
            : next().then((inner) => decideAfter(target, exec, inner))
        },
        scope,
      ),
      target.on(
        'tools/approval',
        (exec, answer) => {
          const entry = pending.get(exec.token)
          if (entry === undefined) return
          pending.delete(exec.token)
          const kind = answer.outcome?.kind
          if (kind === 'allowed-always') persist(exec, entry, 'allow')
          else if (kind === 'rejected-always') persist(exec, entry, 'deny')
        },
        scope,
      ),
      target.on(
        'tools/result',
        (exec) => {
          pending.delete(exec.token)
        },
        scope,
      ),
      target.on('tools/change', () => {
        if (linted) lint()
      }),
    ]
    return () => {
      for (const dispose of disposers) dispose()
      disposeHide?.()
      disposeHide = undefined
      sources.stop()
      registry = undefined
      linted = false
    }
  }) as PermissionsPlugin

  function explainNow(input: ToolExecutionInput): Explanation {
    const unreadable = sources.rules.managedUnreadable
    if (unreadable !== undefined) return managedDenialExplanation(unreadable, modeOf(sources.rules))
    return evaluate(viewOf(input.name, input.agent), input.agent, input.arguments).evaluation
      .explanation
  }

  Object.defineProperties(plugin, {
    explain: {
      value: (input: ToolExecutionInput) =>
        parser === undefined
          ? ready.catch(() => undefined).then(() => explainNow(input))
          : explainNow(input),
    },
    ready: { value: ready },
  })
  return plugin
}
