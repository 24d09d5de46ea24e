import type { ContentBlock } from '@toolpipe/core'
import { describeType, describeValue } from '@toolpipe/core/internal'
import { cardStylesheet } from './card-stylesheet.js'
import { CardHtmlError } from './card-html-error.js'
import type { FileDiff } from './file-diff.js'
import type { FileLocation } from './file-location.js'
import { limitLines } from './internal/html/body-text.js'
import type { BodyOptions } from './internal/html/content-html.js'
import { contentHtml, preElement, preHtml } from './internal/html/content-html.js'
import type { DiffLayout } from './internal/html/diff-html.js'
import { diffHtml, moreLines } from './internal/html/diff-html.js'
import { terminalHtml } from './internal/html/terminal-html.js'
import { textHtml } from './internal/html/text-html.js'
import { readToolCallView, readToolResultView } from './internal/read-view.js'
import type { ReadView } from './internal/read-view.js'
import type { ToolCallKind } from './tool-call-kind.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'
import type { ViewIssue } from './view-issue.js'

/** Options of {@link renderCardHtml}. */
export interface RenderCardHtmlOptions {
  /**
   * Which union the view is read as, and the badge it gets: `pending` (a {@link ToolCallView}),
   * `completed` (a {@link ToolResultView}: `done`, or `failed` with `isError`, a non-zero exit
   * code or a signal). Absent: either union, and no badge.
   */
  state?: 'pending' | 'completed' | undefined
  /** The tool's name, shown beside the title when it differs from it. */
  toolName?: string | undefined
  /**
   * For a completed card: the call's pending card. A result without its own title shows the
   * pending title, and a terminal result whose pending card was a command shows it as one.
   */
  pending?: ToolCallView | undefined
  /** The call failed (the result's `isError`): a `failed` badge and a red border. */
  isError?: boolean | undefined
  /** A failed call's error code (such as `APPROVAL_REJECTED`), shown in the header. */
  errorCode?: string | undefined
  /** A diff as one column (`unified`, the default) or old beside new (`split`). */
  diffLayout?: 'unified' | 'split' | undefined
  /** Unchanged lines around each change in a diff; default 3 (see `appliedHunks`). */
  context?: number | undefined
  /** How many added plus removed lines a diff searches for; default 1000 (see `appliedHunks`). */
  maxEditLength?: number | undefined
  /**
   * Lines shown per body (a text block, the terminal output, the raw input, one file's diff rows)
   * before `… N more lines`: a positive integer or `Infinity`; default 1000.
   */
  maxLines?: number | undefined
  /** Make `http:` and `https:` URLs in text and terminal output links; default true. */
  links?: boolean | undefined
  /** Put the package's {@link cardStylesheet} in a `<style>` element before the card; default false. */
  stylesheet?: boolean | undefined
}

/** Every member any card has, for drawing a view that was read as either union. */
interface CardMembers {
  readonly card: 'generic' | 'terminal' | 'diff'
  readonly title?: string
  readonly kind?: ToolCallKind
  readonly rawInput?: unknown
  readonly content?: readonly ContentBlock[]
  readonly locations?: readonly FileLocation[]
  readonly description?: string
  readonly cwd?: string
  readonly output?: string
  readonly exitCode?: number
  readonly signal?: string
  readonly diffs?: readonly FileDiff[]
}

interface Settings extends BodyOptions, DiffLayout {
  readonly state: 'pending' | 'completed' | undefined
  readonly toolName: string | undefined
  readonly pending: ToolCallView | undefined
  readonly isError: boolean
  readonly errorCode: string | undefined
  readonly stylesheet: boolean
}

/**
 * A card as a self-contained HTML fragment for a web page: one `<article class="tp-card …">`
 * (after a `<style>` holding {@link cardStylesheet} when `options.stylesheet` is on). Generic
 * cards show their input as JSON, their content blocks and their files; terminal cards the
 * command, description, working directory, output (ANSI colours as classes) and how it ended;
 * diff cards each file's hunks, unified or side by side.
 *
 * Tool output is attacker-controlled, so nothing in the view becomes markup: every string is
 * escaped; control, bidirectional and invisible characters are shown as labels; every escape
 * sequence in terminal output is dropped (colours become classes); an image is a labelled
 * placeholder, never a `data:` URL; the only links are `http:`/`https:` URLs checked by the URL
 * parser; the only attributes are the renderer's own (`class`, `colspan`, and a link's `href`,
 * `rel`, `referrerpolicy`, `target`); the only `<style>` is the package's. The view is checked
 * first, as {@link parseToolCallView} / {@link parseToolResultView} do.
 *
 * @throws {CardHtmlError} (`INVALID_CARD`) when the view, or `options.pending`, is not a valid card
 * @throws {TypeError} when an option has the wrong type
 * @throws {RangeError} when `maxLines`, `context` or `maxEditLength` is out of range
 * @example
 * renderCardHtml({ card: 'terminal', output: '\u001b[32mok\u001b[0m <done>\n', exitCode: 0 }, { state: 'completed' })
 * // '<article class="tp-card tp-card-terminal tp-done">…<pre class="tp-terminal"><span class="tp-fg-2">ok</span> &lt;done&gt;</pre>…'
 */
export function renderCardHtml(
  view: ToolCallView | ToolResultView,
  options?: RenderCardHtmlOptions,
): string {
  const settings = readSettings(options)
  const card = readCard(view, settings.state)
  const failed =
    settings.isError ||
    (card.card === 'terminal' &&
      ((card.exitCode !== undefined && card.exitCode !== 0) || card.signal !== undefined))
  const status =
    settings.state === undefined
      ? ''
      : settings.state === 'pending'
        ? ' tp-pending'
        : failed
          ? ' tp-failed'
          : ' tp-done'
  const html = `<article class="tp-card tp-card-${card.card}${status}">${headerHtml(card, settings, failed)}<div class="tp-card-body">${bodyHtml(card, settings)}</div></article>`
  return settings.stylesheet ? `<style>${cardStylesheet}</style>${html}` : html
}

function readCard(view: unknown, state: Settings['state']): CardMembers {
  const read: ReadView<ToolCallView | ToolResultView> =
    state === 'completed' ? readToolResultView(view) : readToolCallView(view)
  if (read.view !== undefined) return read.view
  if (state === undefined) {
    const asResult = readToolResultView(view)
    if (asResult.view !== undefined) return asResult.view
    // Report against the union that came closer.
    if (asResult.issues.length < read.issues.length)
      throw new CardHtmlError('the view', asResult.issues)
  }
  throw new CardHtmlError('the view', read.issues)
}

function headerHtml(card: CardMembers, settings: Settings, failed: boolean): string {
  const parts: string[] = []
  if (settings.state !== undefined) {
    const word = settings.state === 'pending' ? 'pending' : failed ? 'failed' : 'done'
    parts.push(`<span class="tp-badge tp-status">${word}</span>`)
  }
  const pending = settings.pending
  const title = card.title ?? pending?.title ?? settings.toolName ?? ''
  // A command stays a command: its own terminal card, or a result (a denial's generic fallback)
  // keeping a command's title.
  const isCommand =
    card.card === 'terminal'
      ? card.title !== undefined || pending === undefined || pending.card === 'terminal'
      : pending?.card === 'terminal' && title === pending.title
  const prompt = isCommand ? '<span class="tp-prompt">$</span>' : ''
  parts.push(`<span class="tp-title">${prompt}${textHtml(title)}</span>`)
  if (settings.toolName !== undefined && settings.toolName !== title) {
    parts.push(`<span class="tp-tool">${textHtml(settings.toolName)}</span>`)
  }
  if (card.kind !== undefined) parts.push(`<span class="tp-kind">${kindLabels[card.kind]}</span>`)
  if (card.exitCode !== undefined) {
    const kind = card.exitCode === 0 ? 'tp-badge-ok' : 'tp-badge-fail'
    parts.push(`<span class="tp-badge ${kind}">exit ${card.exitCode}</span>`)
  }
  if (card.signal !== undefined) {
    parts.push(`<span class="tp-badge tp-badge-fail">${textHtml(card.signal)}</span>`)
  }
  if (settings.errorCode !== undefined) {
    parts.push(`<span class="tp-badge tp-badge-fail">${textHtml(settings.errorCode)}</span>`)
  }
  return `<header class="tp-card-header">${parts.join('')}</header>`
}

/** Fixed words for the kinds: nothing from the view reaches markup unescaped. */
const kindLabels: Readonly<Record<ToolCallKind, string>> = {
  read: 'read',
  edit: 'edit',
  delete: 'delete',
  move: 'move',
  search: 'search',
  execute: 'execute',
  fetch: 'fetch',
  other: 'other',
}

function bodyHtml(card: CardMembers, settings: Settings): string {
  const parts: string[] = []
  if (card.description !== undefined) {
    parts.push(`<p class="tp-description">${textHtml(card.description)}</p>`)
  }
  if (card.cwd !== undefined)
    parts.push(`<p class="tp-cwd">in <code>${textHtml(card.cwd)}</code></p>`)
  if (card.rawInput !== undefined) {
    parts.push(
      preHtml('tp-json', JSON.stringify(card.rawInput, null, 2), { ...settings, links: false }),
    )
  }
  if (card.content !== undefined) parts.push(contentHtml(card.content, settings))
  if (card.output !== undefined && card.output !== '') {
    const { text, more } = limitLines(card.output, settings.maxLines)
    parts.push(preElement('tp-terminal', terminalHtml(text, settings.links)))
    if (more > 0) parts.push(moreLines(more))
  }
  for (const diff of card.diffs ?? []) parts.push(diffHtml(diff, settings))
  if (card.locations !== undefined && card.locations.length > 0) {
    const items = card.locations.map(
      ({ path, line }) =>
        `<li><code>${textHtml(path)}${line === undefined ? '' : `:${line}`}</code></li>`,
    )
    parts.push(`<ul class="tp-locations">${items.join('')}</ul>`)
  }
  return parts.join('')
}

function readSettings(options: RenderCardHtmlOptions | undefined): Settings {
  const raw: unknown = options ?? {}
  if (typeof raw !== 'object' || raw === null) {
    throw new TypeError(`renderCardHtml: options must be an object, got ${describeType(raw)}`)
  }
  const given = raw as Partial<Record<keyof RenderCardHtmlOptions, unknown>>
  const state = oneOf(given.state, 'state', ['pending', 'completed'])
  let pending: ToolCallView | undefined
  if (given.pending !== undefined) {
    const read = readToolCallView(given.pending)
    if (read.view === undefined) {
      throw new CardHtmlError(
        'options.pending',
        read.issues.map((issue): ViewIssue => ({ ...issue, path: ['pending', ...issue.path] })),
      )
    }
    pending = read.view
  }
  return {
    state,
    toolName: optionalString(given.toolName, 'toolName'),
    pending,
    isError: flag(given.isError, 'isError', false),
    errorCode: optionalString(given.errorCode, 'errorCode'),
    layout: oneOf(given.diffLayout, 'diffLayout', ['unified', 'split']) ?? 'unified',
    context: count(given.context, 'context', 3, 0),
    maxEditLength: count(given.maxEditLength, 'maxEditLength', 1000, 0),
    maxLines: count(given.maxLines, 'maxLines', 1000, 1),
    links: flag(given.links, 'links', true),
    stylesheet: flag(given.stylesheet, 'stylesheet', false),
  }
}

function oneOf<TValue extends string>(
  value: unknown,
  name: string,
  values: readonly TValue[],
): TValue | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string' && (values as readonly string[]).includes(value))
    return value as TValue
  throw new TypeError(
    `renderCardHtml: ${name} must be ${values.map((each) => `"${each}"`).join(' or ')}, got ${typeof value === 'string' ? describeValue(value) : describeType(value)}`,
  )
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value
  throw new TypeError(`renderCardHtml: ${name} must be a string, got ${describeType(value)}`)
}

function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback
  if (typeof value === 'boolean') return value
  throw new TypeError(`renderCardHtml: ${name} must be a boolean, got ${describeType(value)}`)
}

function count(value: unknown, name: string, fallback: number, minimum: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number') {
    throw new TypeError(`renderCardHtml: ${name} must be a number, got ${describeType(value)}`)
  }
  if (!(value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= minimum))) {
    throw new RangeError(
      `renderCardHtml: ${name} must be an integer of at least ${minimum} or Infinity, got ${String(value)}`,
    )
  }
  return value
}
