import type { Subject } from '@toolpipe/tools'
import type {
  PermissionMode as Mode,
  SettingsSourceKind as SourceKind,
} from '@toolpipe/settings-files'

/** What a rule, a mode or a person decides about a call. */
export type PermissionDecision = 'allow' | 'ask' | 'deny'

/**
 * How a decision was reached: by a rule, by the mode (no rule matched), or, for an ask, because
 * a deny rule may match what runs (`possibly-denied`), the judge cannot read the line or a
 * tool's subjects (`cannot-read`; a managed policy that does not parse denies with it), or
 * something in the line hides a command from the rules (`hidden-command`). Only `mode`
 * decisions follow the mode; no mode turns the other three asks into an allow (SPEC §26). An
 * allow by `sandbox`: a command no rule matched that runs in the sandbox, with Claude Code's
 * `autoAllowBashIfSandboxed` (SPEC §23). `out-of-scope`: a plugin bound to one agent's `scope`
 * does not judge another agent's call (an allow as far as this plugin is concerned, no rule read).
 */
export type DecisionBasis =
  | 'rule'
  | 'mode'
  | 'possibly-denied'
  | 'cannot-read'
  | 'hidden-command'
  | 'sandbox'
  | 'out-of-scope'

/** A rule as `explain` and the decision record name it. */
export interface ExplainedRule {
  /** As written: `Bash(rm *)`, or `[[rule]] 2: toolName="run_shell_command" …` for Gemini. */
  readonly text: string
  /** Its source: kind and file (absolute); no `path` for settings given in code. */
  readonly source: { readonly kind: SourceKind; readonly path?: string }
  /** The list it is in (a Gemini rule: its decision). */
  readonly list: PermissionDecision
  /** Its index in that list (a Gemini rule: among the file's `[[rule]]`s). */
  readonly index: number
}

/** How one simple command of a command line was decided. */
export interface CommandExplanation {
  /** The simple command as written. */
  readonly command: string
  readonly decision: PermissionDecision
  readonly basis: DecisionBasis
  readonly rule?: ExplainedRule
  readonly reason: string
}

/** How one subject of a call was decided. */
export interface SubjectExplanation {
  readonly subject: Subject
  readonly decision: PermissionDecision
  readonly basis: DecisionBasis
  readonly rule?: ExplainedRule
  readonly reason: string
  /** For a command subject: each simple command (those a shell string runs included). */
  readonly commands?: readonly CommandExplanation[]
  /**
   * For a command subject: each file its redirections write or read, as an `edit` or `read`
   * subject with its decision (which the command subject's decision includes).
   */
  readonly redirects?: readonly SubjectExplanation[]
}

/**
 * The decision a call would get and why (SPEC §18.3), computed without running anything: one
 * entry per subject of the call; a command subject lists its simple commands and its
 * redirections' files.
 */
export interface Explanation {
  readonly decision: PermissionDecision
  /** How the decision was reached (the deciding item's basis). */
  readonly basis: DecisionBasis
  /** The mode in force for the call. */
  readonly mode: Mode
  /** The rule that decided, when one did (the first in evaluation order); none when the mode did. */
  readonly rule?: ExplainedRule
  /** Why, in words: `denied by rule "Bash(rm *)" in .toolpipe/settings.json`. */
  readonly reason: string
  /** One entry per subject; empty for a tool matched by name only. */
  readonly subjects: readonly SubjectExplanation[]
}
