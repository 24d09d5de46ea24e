import { appliedHunks } from '../../applied-hunks.js'
import type { DiffHunk } from '../../diff-hunk.js'
import type { FileDiff } from '../../file-diff.js'
import { textHtml } from './text-html.js'

/** How a file's change is laid out, and how much of it. */
export interface DiffLayout {
  readonly layout: 'unified' | 'split'
  readonly context: number
  readonly maxEditLength: number
  /** Rows shown per file before `… N more lines`. */
  readonly maxLines: number
}

/**
 * One file's change as HTML: its path (marked `new file` when `oldText` is null) and a table of
 * its hunks from {@link appliedHunks}: `unified` (old and new line numbers, a `-`/`+`/blank sign,
 * the text) or `split` (old on the left, new on the right, removed and added lines of a change
 * paired row by row). Removed rows carry `tp-del`, added rows `tp-add`, context rows `tp-ctx`:
 * a sign column says it without colour too.
 */
export function diffHtml(diff: FileDiff, layout: DiffLayout): string {
  const hunks = appliedHunks(diff.oldText, diff.newText, {
    context: layout.context,
    maxEditLength: layout.maxEditLength,
  })
  const path = `<div class="tp-diff-path">${diff.oldText === null ? '<span class="tp-badge tp-badge-new">new file</span> ' : ''}${textHtml(diff.path)}</div>`
  if (hunks.length === 0)
    return `<section class="tp-diff">${path}<p class="tp-note">no changes</p></section>`
  const rows = hunks.flatMap((hunk) =>
    layout.layout === 'split' ? splitRows(hunk) : unifiedRows(hunk),
  )
  const shown = rows.slice(0, layout.maxLines)
  // Hunk headers are rows but not lines of the file.
  const more = rows.slice(shown.length).filter((each) => !each.startsWith(hunkRow)).length
  return `<section class="tp-diff">${path}<table class="tp-diff-table tp-diff-${layout.layout === 'split' ? 'split' : 'unified'}"><tbody>${shown.join('')}</tbody></table>${more > 0 ? moreLines(more) : ''}</section>`
}

/** `… N more lines`, after a body cut at its limit. */
export function moreLines(count: number): string {
  return `<p class="tp-note">… ${count} more ${count === 1 ? 'line' : 'lines'}</p>`
}

const hunkRow = '<tr class="tp-hunk">'

function header(hunk: DiffHunk, columns: number): string {
  return `${hunkRow}<td colspan="${columns}">@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@</td></tr>`
}

function unifiedRows(hunk: DiffHunk): string[] {
  const rows = [header(hunk, 4)]
  let oldNumber = hunk.oldStart
  let newNumber = hunk.newStart
  const markAfter = noNewlineMarkers(hunk)
  hunk.lines.forEach((line, index) => {
    const sign = line.charAt(0)
    const text = textHtml(line.slice(1))
    if (sign === '-') {
      rows.push(row('tp-del', oldNumber++, '', '-', text))
    } else if (sign === '+') {
      rows.push(row('tp-add', '', newNumber++, '+', text))
    } else {
      rows.push(row('tp-ctx', oldNumber++, newNumber++, ' ', text))
    }
    if (markAfter.has(index)) {
      rows.push('<tr class="tp-eof"><td colspan="4">\\ No newline at end of file</td></tr>')
    }
  })
  return rows
}

function row(
  kind: string,
  oldNumber: number | '',
  newNumber: number | '',
  sign: string,
  text: string,
): string {
  return `<tr class="${kind}"><td class="tp-num">${oldNumber}</td><td class="tp-num">${newNumber}</td><td class="tp-sign">${sign}</td><td class="tp-code">${text}</td></tr>`
}

/** One side of a split row: its number, sign and text, or three empty cells. */
type Side = { readonly number: number; readonly sign: string; readonly text: string } | undefined

function splitRows(hunk: DiffHunk): string[] {
  const rows = [header(hunk, 6)]
  let oldNumber = hunk.oldStart
  let newNumber = hunk.newStart
  let removed: Side[] = []
  let added: Side[] = []
  const pairUp = (): void => {
    for (let index = 0; index < Math.max(removed.length, added.length); index += 1) {
      rows.push(splitRow('tp-change', removed[index], added[index]))
    }
    removed = []
    added = []
  }
  for (const line of hunk.lines) {
    const sign = line.charAt(0)
    const text = textHtml(line.slice(1))
    if (sign === '-') {
      removed.push({ number: oldNumber++, sign: '-', text })
    } else if (sign === '+') {
      added.push({ number: newNumber++, sign: '+', text })
    } else {
      pairUp()
      rows.push(
        splitRow(
          'tp-ctx',
          { number: oldNumber++, sign: ' ', text },
          { number: newNumber++, sign: ' ', text },
        ),
      )
    }
  }
  pairUp()
  if (hunk.noNewlineAtEnd !== undefined && hunk.noNewlineAtEnd.old !== hunk.noNewlineAtEnd.new) {
    const note = '\\ No newline at end of file'
    rows.push(
      `<tr class="tp-eof"><td colspan="3">${hunk.noNewlineAtEnd.old ? note : ''}</td><td colspan="3">${hunk.noNewlineAtEnd.new ? note : ''}</td></tr>`,
    )
  }
  return rows
}

function splitRow(kind: string, left: Side, right: Side): string {
  return `<tr class="${kind}">${sideCells(left, 'tp-del')}${sideCells(right, 'tp-add')}</tr>`
}

function sideCells(side: Side, changed: string): string {
  if (side === undefined) {
    return '<td class="tp-num tp-empty"></td><td class="tp-sign tp-empty"></td><td class="tp-code tp-empty"></td>'
  }
  const kind = side.sign === ' ' ? '' : ` ${changed}`
  return `<td class="tp-num${kind}">${side.number}</td><td class="tp-sign${kind}">${side.sign}</td><td class="tp-code${kind}">${side.text}</td>`
}

/**
 * After which lines a unified diff writes `\ No newline at end of file`: none when both sides
 * lack the final newline (nothing about newlines changed), else after the last line of the side
 * that lacks it.
 */
function noNewlineMarkers(hunk: DiffHunk): Set<number> {
  const marks = new Set<number>()
  const flags = hunk.noNewlineAtEnd
  if (flags === undefined || (flags.old && flags.new)) return marks
  const lastOf = (prefixes: string): number =>
    hunk.lines.findLastIndex((line) => prefixes.includes(line.charAt(0)))
  if (flags.old) marks.add(lastOf(' -'))
  if (flags.new) marks.add(lastOf(' +'))
  marks.delete(-1)
  return marks
}
