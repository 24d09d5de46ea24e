import { appliedHunks } from 'toolpipe'
import type { ContentBlock, FileDiff, ToolCallView, ToolResultView } from 'toolpipe'
import type { Colors } from './colors.js'

/** A card to draw: a call's pending card, or its completed card with what it needs. */
export type CardToRender =
  | { readonly state: 'pending'; readonly toolName: string; readonly view: ToolCallView }
  | {
      readonly state: 'completed'
      readonly toolName: string
      readonly view: ToolResultView
      /** The call's pending card: a completed card without its own title keeps that one. */
      readonly pending: ToolCallView
      readonly isError: boolean
      /** The result's `error.code`, when the failure was a HarnessError. */
      readonly errorCode?: string | undefined
    }

/** Options of {@link renderCard}. */
export interface RenderCardOptions {
  /** Body lines shown per card before `… N more lines`. Default 16. */
  readonly maxBodyLines?: number | undefined
}

const bodyPrefix = '    │ '

/**
 * Draws one card as terminal lines: a header line (`▸` pending, `✓` done, `✗` failed: an error
 * result, or a command that exited non-zero or was killed) and body
 * lines under a `│` rule. Generic cards show their input, content and files; terminal cards the
 * command, output and exit status; diff cards each file's hunks (from `appliedHunks`) as `-`/`+`
 * lines. Pure: the same card gives the same lines, live or replayed from a session log.
 *
 * @example
 * renderCard({ state: 'pending', toolName: 'run_shell', view: { card: 'terminal', title: 'ls' } }, colors)
 * // ['  ▸ $ ls  run_shell']
 */
export function renderCard(
  card: CardToRender,
  colors: Colors,
  options: RenderCardOptions = {},
): string[] {
  const header =
    card.state === 'pending' ? pendingHeader(card, colors) : completedHeader(card, colors)
  const body =
    card.state === 'pending' ? pendingBody(card.view, colors) : completedBody(card, colors)
  return [
    header,
    ...limit(body, options.maxBodyLines ?? 16, colors).map((line) => bodyPrefix + line),
  ]
}

function pendingHeader(card: CardToRender & { state: 'pending' }, colors: Colors): string {
  const { view } = card
  const title = view.card === 'terminal' ? `$ ${view.title}` : view.title
  // The tool's name, unless the title already is it (the generic fallback), and a generic kind.
  const notes = [
    ...(view.title === card.toolName ? [] : [card.toolName]),
    ...(view.card === 'generic' && view.kind !== undefined ? [view.kind] : []),
  ]
  return `  ${colors.cyan('▸')} ${colors.bold(title)}  ${colors.dim(notes.join(' · '))}`.trimEnd()
}

function completedHeader(card: CardToRender & { state: 'completed' }, colors: Colors): string {
  const { view } = card
  // A command that failed or was killed is a failure to the reader, even though the call worked.
  const failed =
    card.isError ||
    (view.card === 'terminal' &&
      ((view.exitCode !== undefined && view.exitCode !== 0) || view.signal !== undefined))
  const mark = failed ? colors.red('✗') : colors.green('✓')
  const title = view.title ?? card.pending.title
  // A command keeps its `$` even when its completed card is the generic fallback (a denial).
  const isCommand =
    view.card === 'terminal' || (card.pending.card === 'terminal' && title === card.pending.title)
  const shown = isCommand ? `$ ${title}` : title
  const notes: string[] = []
  if (view.card === 'terminal' && view.exitCode !== undefined) {
    const exit = `exit ${view.exitCode}`
    notes.push(view.exitCode === 0 ? colors.green(exit) : colors.red(exit))
  }
  if (view.card === 'terminal' && view.signal !== undefined) notes.push(colors.red(view.signal))
  if (card.errorCode !== undefined) notes.push(colors.red(card.errorCode))
  return `  ${mark} ${colors.bold(shown)}${notes.length > 0 ? `  ${notes.join(' ')}` : ''}`
}

function pendingBody(view: ToolCallView, colors: Colors): string[] {
  switch (view.card) {
    case 'generic': {
      const lines: string[] = []
      if (view.rawInput !== undefined) lines.push(...inputLines(view.rawInput))
      if (view.content !== undefined) lines.push(...contentLines(view.content, colors))
      // Files the title does not already name.
      const files = (view.locations ?? [])
        .map(({ path, line }) => (line === undefined ? path : `${path}:${line}`))
        .filter((file) => !view.title.includes(file))
      if (files.length > 0) lines.push(colors.dim(`files: ${files.join(', ')}`))
      return lines
    }
    case 'terminal': {
      const lines: string[] = []
      if (view.description !== undefined) lines.push(colors.dim(view.description))
      if (view.cwd !== undefined) lines.push(colors.dim(`in ${view.cwd}`))
      return lines
    }
    case 'diff':
      return view.diffs.flatMap((diff) => diffLines(diff, colors))
  }
}

function completedBody(card: CardToRender & { state: 'completed' }, colors: Colors): string[] {
  const { view } = card
  switch (view.card) {
    case 'generic': {
      const lines = contentLines(view.content ?? [], colors)
      return card.isError ? lines.map((line) => colors.red(line)) : lines
    }
    case 'terminal':
      return view.output === undefined ? [] : textLines(view.output)
    case 'diff':
      return view.diffs.flatMap((diff) => diffLines(diff, colors))
  }
}

function diffLines(diff: FileDiff, colors: Colors): string[] {
  const lines = [colors.bold(diff.oldText === null ? `new file ${diff.path}` : diff.path)]
  const hunks = appliedHunks(diff.oldText, diff.newText)
  if (hunks.length === 0) lines.push(colors.dim('(no changes)'))
  for (const hunk of hunks) {
    lines.push(
      colors.cyan(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`),
    )
    const markAfter = noNewlineMarkers(hunk.lines, hunk.noNewlineAtEnd)
    hunk.lines.forEach((line, index) => {
      const text = line.replace(/\r$/, '')
      if (text.startsWith('+')) lines.push(colors.green(text))
      else if (text.startsWith('-')) lines.push(colors.red(text))
      else lines.push(colors.dim(text))
      if (markAfter.has(index)) lines.push(colors.dim('\\ No newline at end of file'))
    })
  }
  return lines
}

/** After which lines a unified diff writes `\ No newline at end of file`. */
function noNewlineMarkers(
  lines: readonly string[],
  noNewlineAtEnd: { old: boolean; new: boolean } | undefined,
): Set<number> {
  const marks = new Set<number>()
  // Both sides without a final newline (a snippet, say): nothing about newlines changed.
  if (noNewlineAtEnd === undefined || (noNewlineAtEnd.old && noNewlineAtEnd.new)) return marks
  const lastOf = (prefixes: string): number =>
    lines.findLastIndex((line) => prefixes.includes(line.charAt(0)))
  if (noNewlineAtEnd.old) marks.add(lastOf(' -'))
  if (noNewlineAtEnd.new) marks.add(lastOf(' +'))
  marks.delete(-1)
  return marks
}

function inputLines(rawInput: unknown): string[] {
  if (typeof rawInput !== 'object' || rawInput === null || Array.isArray(rawInput)) {
    return [JSON.stringify(rawInput)]
  }
  return Object.entries(rawInput).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
}

function contentLines(content: readonly ContentBlock[], colors: Colors): string[] {
  return content.flatMap((block) => {
    switch (block.type) {
      case 'text':
        return textLines(block.text)
      case 'reasoning':
        return textLines(block.text).map((line) => colors.italic(line))
      case 'image':
        return [colors.dim(`[image ${block.mimeType}]`)]
      default:
        return [colors.dim(`[${block.type} block]`)]
    }
  })
}

function textLines(text: string): string[] {
  const trimmed = text.replace(/\n+$/, '')
  return trimmed === '' ? [] : trimmed.split('\n').map((line) => line.replace(/\r$/, ''))
}

function limit(lines: string[], max: number, colors: Colors): string[] {
  if (lines.length <= max) return lines
  return [...lines.slice(0, max), colors.dim(`… ${lines.length - max} more lines`)]
}
