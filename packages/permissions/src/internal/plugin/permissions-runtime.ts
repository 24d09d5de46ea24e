import type { Agent } from '@toolpipe/core'
import type {
  ApprovalAnswer,
  PreToolDecision,
  ToolDecision,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionToken,
  ToolRegistry,
} from '@toolpipe/tools'
import { settledDecision } from '@toolpipe/tools'
import type { Explanation } from '../../explanation.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { PermissionsError } from '../../permissions-error.js'
import { managedDenial, managedDenialExplanation, managedDenialRecord } from '../managed-denial.js'
import type { PermissionsConfig } from '../read-options.js'
import type { ToolView } from '../read-subjects.js'
import { RuleSources } from '../rule-sources.js'
import { sandboxRuleView } from '../sandbox-rules.js'
import type { SandboxRuleView } from '../sandbox-rules.js'
import type { RuleSet } from '../rules/rule-set.js'
import { loadBashParser } from '../shell/bash-parser.js'
import type { BashParser } from '../shell/bash-parser.js'
import { AlwaysAnswers } from './always-answers.js'
import { judgeCall, outOfScope } from './call-judgement.js'
import type { CallJudgement } from './call-judgement.js'
import { decideAfterHooks } from './decide-after-hooks.js'
import { decisionRecord } from './decision-record.js'
import { modeInForce } from './mode-in-force.js'
import { isJudgedByNameOnly, NameOnlyJudgements } from './name-only-judgements.js'
import type { JudgedCall } from './name-only-judgements.js'
import { PluginLogger } from './plugin-logger.js'
import { RuleLintWarnings } from './rule-lint-warnings.js'
import { ToolHiding } from './tool-hiding.js'
import { ToolViews } from './tool-views.js'

/** A parser that parses nothing: what command lines meet when the real one failed to load. */
const noParser: BashParser = { parse: () => undefined, types: [], named: [] }

/**
 * What one `permissions()` plugin keeps between calls, and what each of its listeners does with
 * it: the sources and the rule set they make, the shell parser, the tools hidden, the lint, the
 * judgements of asks waiting for an answer. `permissions.ts` wires these methods to the
 * registry's events; the judging itself is pure functions (`judgeCall`, `decideAfterHooks`, …).
 */
export class PermissionsRuntime {
  readonly config: PermissionsConfig
  readonly ready: Promise<void>
  readonly #logger: PluginLogger
  readonly #sources: RuleSources
  readonly #hiding: ToolHiding
  readonly #lint = new RuleLintWarnings()
  readonly #views: ToolViews
  readonly #nameOnly = new NameOnlyJudgements()
  /**
   * The judgement of each call the rules asked about, until its approval answer comes. Weak: a
   * call that ends unanswered (denied by a guard, say) leaves with its token, and no `tools/result`
   * observer has to run on every call to clear it.
   */
  readonly #waitingForAnswers = new WeakMap<ToolExecutionToken, CallJudgement>()
  readonly #answers: AlwaysAnswers
  #parser: BashParser | undefined
  #registry: ToolRegistry | undefined
  #bypassRefusalWarned = false
  #modeUnder: { readonly rules: RuleSet; readonly mode: Mode } | undefined

  constructor(config: PermissionsConfig) {
    this.config = config
    this.#logger = new PluginLogger(config.logger)
    this.#hiding = new ToolHiding(config.tools, config.scope)
    this.#views = new ToolViews(config.tools)
    this.#sources = new RuleSources(
      config,
      () => this.#logger.current,
      (rules) => {
        this.#rulesChanged(rules)
      },
    )
    this.#answers = new AlwaysAnswers(config, this.#sources, this.#logger)
    this.ready = loadBashParser().then(
      (loaded) => {
        this.#parser = loaded
      },
      (error: unknown) => {
        this.#parser = noParser
        this.#logger.warn(
          'toolpipe: the shell parser failed to load; every command line asks',
          error,
        )
        throw error
      },
    )
    this.ready.catch(() => undefined)
    this.#sources.start()
  }

  /** The mode in force under `rules`; a refused `bypassPermissions` is warned about once. */
  mode(rules: RuleSet = this.#sources.rules): Mode {
    // The option is fixed: the mode changes only with the rules, and every call asks.
    if (this.#modeUnder?.rules === rules) return this.#modeUnder.mode
    const inForce = modeInForce(this.config.mode, rules)
    if (inForce.bypassRefused && !this.#bypassRefusalWarned) {
      this.#bypassRefusalWarned = true
      this.#logger.warn(
        'toolpipe: a managed source disables bypassPermissions; the default mode applies',
      )
    }
    this.#modeUnder = { rules, mode: inForce.mode }
    return inForce.mode
  }

  /** The mode for a call of `agent`, or undefined when this plugin does not judge its calls. */
  modeFor(agent: Agent | undefined): Mode | undefined {
    const scope = this.config.scope
    return scope === undefined || agent === scope ? this.mode() : undefined
  }

  /** Installed in `registry`: its logger, the files watched, the hidden tools hidden, the lint. */
  install(registry: ToolRegistry): void {
    if (this.#registry !== undefined) {
      throw new PermissionsError(
        'permissions: this plugin is already installed in a registry; dispose it there first',
        'ALREADY_INSTALLED',
      )
    }
    this.#registry = registry
    this.#logger.useRegistryLogger(registry.logger)
    this.#sources.start()
    this.#hiding.install(registry)
    // Rule typos show when the rules are ready, not at the first call (SPEC §26).
    this.ready.then(
      () => {
        if (this.#registry === registry) this.#runLint()
      },
      () => undefined,
    )
  }

  /** Disposed: nothing hidden, no file watched; it may be installed again. */
  uninstall(): void {
    this.#hiding.uninstall()
    this.#sources.stop()
    this.#registry = undefined
    this.#lint.reset()
  }

  /** The `tools/pre-execute` listener: the rules' decision around the hooks' (SPEC §18.4). */
  preExecute(
    registry: ToolRegistry,
    exec: ToolExecution,
    next: () => Promise<PreToolDecision>,
  ): PreToolDecision | Promise<PreToolDecision> {
    // A managed file that cannot be used denies before anything else runs (SPEC §26).
    const unreadable = this.#sources.rules.managedUnreadable
    if (unreadable !== undefined) {
      this.#report(registry, exec, managedDenialRecord(unreadable))
      return managedDenial(unreadable)
    }
    if (this.#parser === undefined || !this.#lint.linted) {
      return this.#prepare().then(() => this.#decideWhenSettled(registry, exec, next()))
    }
    // Once the parser is loaded and the rules linted, no await of its own: the decision is made
    // as soon as the inner listeners' is known, at once when none of them waited for anything
    // (then the call waits for no promise of this listener's).
    const pending = next()
    const inner = settledDecision(pending)
    return inner === undefined
      ? this.#decideWhenSettled(registry, exec, pending)
      : this.#decideAfter(registry, exec, inner)
  }

  /** {@link PermissionsRuntime.preExecute}'s decision once `pending`, the inner one, settles. */
  #decideWhenSettled(
    registry: ToolRegistry,
    exec: ToolExecution,
    pending: Promise<PreToolDecision>,
  ): Promise<PreToolDecision> {
    return pending.then((inner) => this.#decideAfter(registry, exec, inner))
  }

  /** The `tools/approval` observer: an always-answer to an ask the rules made becomes rules. */
  answered(exec: Readonly<ToolExecution>, answer: ApprovalAnswer): void {
    const judgement = this.#waitingForAnswers.get(exec.token)
    if (judgement === undefined) return
    this.#waitingForAnswers.delete(exec.token)
    const kind = answer.outcome?.kind
    if (kind === 'allowed-always') this.#answers.keep(exec, judgement, 'allow')
    else if (kind === 'rejected-always') this.#answers.keep(exec, judgement, 'deny')
  }

  /** The `tools/change` observer: the tools changed, so the lint runs again (once it has run). */
  toolsChanged(): void {
    if (this.#lint.linted) this.#runLint()
  }

  /** What the rules in force say about files and hosts, for the sandbox (SPEC §23). */
  sandboxRules(): SandboxRuleView {
    const files = this.config.sources.flatMap((source) =>
      source.path === undefined ? [] : [source.path],
    )
    return sandboxRuleView(this.#sources.rules, files)
  }

  /** `explain(input)`: the decision a call would get and why, once the parser is loaded. */
  explain(input: ToolExecutionInput): Explanation | Promise<Explanation> {
    return this.#parser === undefined
      ? this.ready.catch(() => undefined).then(() => this.#explainNow(input))
      : this.#explainNow(input)
  }

  #explainNow(input: ToolExecutionInput): Explanation {
    // Another agent's call never reaches this plugin's listener (SPEC §18.1 `scope`).
    if (this.modeFor(input.agent) === undefined) return outOfScope(this.mode())
    const unreadable = this.#sources.rules.managedUnreadable
    if (unreadable !== undefined) return managedDenialExplanation(unreadable, this.mode())
    // A tool the rules hide is judged by its own rule name: the bare deny that hides it denies.
    const view = this.#views.of(this.#registry, input.name, input.agent, (name) =>
      this.#hiding.hiddenDefinition(name),
    )
    return this.#judgeNow(view, input.agent, input.arguments).evaluation.explanation
  }

  #judgeNow(view: ToolView, agent: Agent | undefined, args: unknown): CallJudgement {
    const rules = this.#sources.rules
    return judgeCall(view, agent, args, {
      rules,
      mode: this.mode(rules),
      parser: this.#parser ?? noParser,
      cwd: this.config.cwd,
      home: this.config.home,
      sandbox: this.config.sandbox,
    })
  }

  /**
   * A call judged on the arguments the hooks left (`inner`'s edit, else its own), from the
   * name-only judgements when its tool is matched by name only.
   */
  #judge(exec: ToolExecution, inner: Exclude<PreToolDecision, { kind: 'deny' }>): JudgedCall {
    const { name, agent } = exec
    const view = this.#views.of(this.#registry, name, agent)
    const rules = this.#sources.rules
    // Only a view judged by name only under these rules has a judgement kept for them.
    const kept = this.#nameOnly.get(view, rules, this.mode(rules))
    if (kept !== undefined) return kept
    const byNameOnly = isJudgedByNameOnly(view, rules)
    const args = inner.arguments !== undefined ? inner.arguments : exec.arguments
    const judgement = this.#judgeNow(view, agent, args)
    const judged = { judgement, decision: decisionRecord(judgement.evaluation.explanation) }
    if (byNameOnly) this.#nameOnly.set(view, rules, judged)
    return judged
  }

  #decideAfter(
    registry: ToolRegistry,
    exec: ToolExecution,
    inner: PreToolDecision,
  ): PreToolDecision {
    if (inner.kind === 'deny') return inner
    const { judgement, decision } = this.#judge(exec, inner)
    this.#report(registry, exec, decision)
    const explanation = judgement.evaluation.explanation
    if (explanation.decision === 'ask') this.#waitingForAnswers.set(exec.token, judgement)
    return decideAfterHooks(inner, explanation)
  }

  /** Waits for the shell parser (once), and lints the rules against the tools (once). */
  async #prepare(): Promise<void> {
    if (this.#parser === undefined) await this.ready.catch(() => undefined)
    if (!this.#lint.linted) this.#runLint()
  }

  #rulesChanged(rules: RuleSet): void {
    this.#hiding.update(rules, this.mode(rules), this.#registry)
    if (this.#lint.linted) this.#runLint()
  }

  #runLint(): void {
    this.#lint.lint(
      this.#registry,
      this.config.scope,
      this.#views,
      this.#sources.rules,
      this.#hiding.hiddenTools,
      this.#logger,
      (registry, agent) => this.#hiding.hiddenIn(registry, agent),
    )
  }

  #report(registry: ToolRegistry, exec: ToolExecution, decision: ToolDecision): void {
    try {
      registry.reportDecision(exec, decision)
    } catch (error) {
      this.#logger.warn('toolpipe: permissions could not report a decision', error)
    }
  }
}
