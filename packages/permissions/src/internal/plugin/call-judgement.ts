import type { Agent } from '@toolpipe/core'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import type { EvaluationContext, Evaluation } from '../evaluate/evaluate-call.js'
import { readSubjects } from '../read-subjects.js'
import type { ToolView } from '../read-subjects.js'
import type { Explanation } from '../../explanation.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'

/**
 * One call judged: how the rules saw its tool, the subjects its arguments gave (or why they could
 * not be read), and the evaluation. Every call gets one; an ask's is kept until the person
 * answers, since an always-answer is generalised from it.
 */
export interface CallJudgement {
  readonly view: ToolView
  readonly subjects: ReturnType<typeof readSubjects>
  readonly evaluation: Evaluation
}

/**
 * Judges a call of the tool `view` describes (SPEC §18.2, §26): its subjects read from `args`,
 * then every rule, the mode deciding what none did. Subjects that cannot be read make an ask no
 * mode turns into an allow (a deny in `dontAsk`, and in `plan` for a tool that is not read-only).
 */
export function judgeCall(
  view: ToolView,
  agent: Agent | undefined,
  args: unknown,
  context: EvaluationContext,
): CallJudgement {
  const subjects = readSubjects(view.rules, args)
  const mode = context.mode
  if (typeof subjects === 'string') {
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
    context,
  )
  return { view, subjects, evaluation }
}

/** What `explain` says of a call this plugin does not judge: another agent's, under `scope`. */
export function outOfScope(mode: Mode): Explanation {
  return {
    decision: 'allow',
    basis: 'out-of-scope',
    mode,
    reason: "not judged: the call is not of this plugin's scope",
    subjects: [],
  }
}
