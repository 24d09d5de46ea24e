import type { TerminalResultView } from '@toolpipe/presentation'
import { codeFence } from './code-fence.js'

/**
 * A finished command as Markdown, for clients without terminal output: the output in a fenced
 * `console` block, trailing newlines trimmed, then how the command ended when that is news — a
 * signal always, an exit code unless it is 0. `undefined` when there is nothing to show.
 */
export function consoleText(view: TerminalResultView): string | undefined {
  const parts: string[] = []
  const output = trimTrailingNewlines(view.output ?? '')
  if (output !== '') parts.push(codeFence(output, 'console'))
  if (view.signal !== undefined && view.signal !== '') {
    parts.push(`Killed by signal ${view.signal}.`)
  } else if (view.exitCode !== undefined && view.exitCode !== 0) {
    parts.push(`Exited with code ${view.exitCode}.`)
  }
  return parts.length > 0 ? parts.join('\n\n') : undefined
}

// A loop rather than /[\r\n]+$/, whose backtracking is quadratic on long runs of newlines that do
// not end the text — and command output is untrusted.
function trimTrailingNewlines(text: string): string {
  let end = text.length
  while (end > 0 && (text[end - 1] === '\n' || text[end - 1] === '\r')) end -= 1
  return text.slice(0, end)
}
