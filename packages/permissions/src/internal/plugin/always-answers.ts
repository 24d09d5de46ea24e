import { join } from 'node:path'
import type { ToolExecution } from '@toolpipe/tools'
import { generaliseAnswer } from '../persist/generalise-answer.js'
import { appendRules } from '../persist/persist-rules.js'
import type { PermissionsConfig } from '../read-options.js'
import type { RuleSources } from '../rule-sources.js'
import type { CallJudgement } from './call-judgement.js'
import type { PluginLogger } from './plugin-logger.js'

/**
 * Always-answers kept as rules (SPEC §18.3, §26): the answer generalised into readable rules
 * (each part that cannot be says why, in a warning), in force at once for the calls that start
 * after it, and appended to the `persistTo` file — one write after another, each refreshing the
 * file's rules when it lands. A write that fails leaves the answer in force, with a warning.
 */
export class AlwaysAnswers {
  readonly #config: PermissionsConfig
  readonly #sources: RuleSources
  readonly #logger: PluginLogger
  #writes: Promise<void> = Promise.resolve()

  constructor(config: PermissionsConfig, sources: RuleSources, logger: PluginLogger) {
    this.#config = config
    this.#sources = sources
    this.#logger = logger
  }

  /** Keeps `list` (allow or deny) as the answer to the call `judgement` is of. */
  keep(exec: Readonly<ToolExecution>, judgement: CallJudgement, list: 'allow' | 'deny'): void {
    const config = this.#config
    const answer = generaliseAnswer(
      judgement.view.ruleName,
      typeof judgement.subjects === 'string' ? undefined : judgement.subjects,
      judgement.evaluation,
      { cwd: config.cwd, home: config.home },
      list,
    )
    for (const why of answer.withheld) {
      this.#logger.warn(
        `toolpipe: the always-answer for "${exec.name}" (call "${exec.callId}") is not written as a rule: ${why}`,
      )
    }
    if (answer.rules.length > 0) this.#write(list, answer.rules)
  }

  #write(list: 'allow' | 'deny', rules: readonly string[]): void {
    const spec = this.#config.persistTo
    // In force now, for the calls that start after the answer; the file follows.
    this.#sources.addPending(spec, list, rules)
    const path = spec.path ?? join(this.#config.projectRoot, '.toolpipe', 'settings.local.json')
    this.#writes = this.#writes
      .then(() => appendRules(path, list, rules))
      .then(() => {
        this.#sources.refresh(spec)
        this.#sources.settlePending(spec, list, rules)
      })
      .catch((error: unknown) => {
        this.#logger.warn(
          `toolpipe: could not write the always-answer to ${spec.label}; it stays in force until the plugin is disposed`,
          error,
        )
      })
  }
}
