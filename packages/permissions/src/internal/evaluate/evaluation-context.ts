import type { Explanation } from '../../explanation.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { Subject } from '@toolpipe/tools'
import type { BashParser } from '../shell/bash-parser.js'
import type { RuleSet } from '../rules/rule-set.js'
import { explainRule } from './explain-rule.js'
import type { Verdict } from './verdict.js'

/** What the rules read of a call. */
export interface CallFacts {
  readonly ruleName: string
  readonly arguments: unknown
  /** Undefined (or empty): a tool matched by name only. */
  readonly subjects: readonly Subject[] | undefined
  readonly readOnly: boolean
  readonly hints: Readonly<Record<string, unknown>>
  readonly agentId: string | undefined
}

/** The sandbox as the rules see it: whether a command line runs in it, and may then skip asking. */
export interface SandboxView {
  /** Default true: only `false` turns it off (SPEC §23). */
  readonly autoAllowBashIfSandboxed?: boolean | undefined
  willSandbox(command: string): boolean
}

/** What a call is judged with. */
export interface EvaluationContext {
  readonly rules: RuleSet
  readonly mode: Mode
  readonly parser: BashParser
  readonly cwd: string
  readonly home: string
  /** The sandbox commands run in, when `permissions({ sandbox })` was given one. */
  readonly sandbox?: SandboxView | undefined
}

/** The `rule` field of an explanation entry for a verdict: present only when a rule decided. */
export function ruleField(verdict: Verdict | undefined): {
  rule?: NonNullable<Explanation['rule']>
} {
  return verdict?.rule === undefined ? {} : { rule: explainRule(verdict.rule) }
}
