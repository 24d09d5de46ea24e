import type { ToolCallView } from 'toolpipe'

/** The question an ask puts to the person, from the call's pending card: they approve what they see. */
export function approvalQuestion(view: ToolCallView): string {
  return view.card === 'terminal'
    ? `Run \`${view.title}\` in the sandbox?`
    : view.card === 'diff'
      ? `Apply "${view.title}"?`
      : `Allow "${view.title}"?`
}
