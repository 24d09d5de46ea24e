/** Which stage of a call a {@link ToolDecision} comes from (SPEC §18.5). */
export type ToolDecisionStage =
  'restriction' | 'rule' | 'policy' | 'hook' | 'guard' | 'approval' | 'post'

/** What a stage did to a call: let it through, asked, refused, changed it, or blocked its result. */
export type ToolDecisionOutcome = 'allow' | 'ask' | 'deny' | 'edit' | 'block'

/** Who decided: a kind (`guard`, `approval`, `permissions`, `hook`, …), and which one of them. */
export interface ToolDecisionSource {
  readonly kind: string
  /** Which one of that kind: a rule's text, a hook's command, an approval outcome's kind. */
  readonly id?: string
  /** The file it was read from, when it came from one. */
  readonly path?: string
}

/**
 * One entry of a call's decision record (SPEC §18.5): a stage that decided or changed something
 * in the call. The registry tells its `tools/decision` observers of each, in order; the pipeline
 * records its own stages (`policy`, `approval`, `guard`, `post`, and `restriction` for a call of a
 * tool its scope cannot see) and a plugin adds its own with `registry.reportDecision`. A call
 * nobody decided on (the default allow) has no record.
 */
export interface ToolDecision {
  readonly stage: ToolDecisionStage
  readonly outcome: ToolDecisionOutcome
  readonly source: ToolDecisionSource
  /** Why, in words a person reads in an audit log. */
  readonly reason?: string
}
