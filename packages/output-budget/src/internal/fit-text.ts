import type { TextCut } from './cut-text.js'
import { cutText } from './cut-text.js'
import { shortTextNotice, textNotice } from './omission-notice.js'
import type { SpillOutcome } from './omission-notice.js'
import type { CountTokens } from './token-search.js'

/** What a text cut needs of the cut request: the counter and the plugin's preview split. */
export interface PreviewRequest {
  readonly count: CountTokens
  /** The plugin's preview split; `undefined` shares what is left evenly. */
  readonly headTokens: number | undefined
  readonly tailTokens: number | undefined
}

/** The longest numbers a notice can hold: what its size is reckoned with before the cut. */
export const worstOmission = { omittedTokens: 1e15, omittedBytes: 1e15, estimated: true }

/** The text blocks cut to `limit` tokens around one notice, and what they left out. */
export interface FittedText {
  /** Each text block as it now reads, in order; `undefined` for one left out whole. */
  readonly texts: readonly (string | undefined)[]
  readonly cut: TextCut
  readonly tokens: number
}

/**
 * The text blocks cut to at most `limit` tokens together: the document they make (joined by line
 * breaks) keeps a head and a tail, and each block keeps what of it lies there; the block where the
 * head ends carries the notice line; blocks wholly in between are left out. The preview split is
 * sized from a worst-case notice, then checked by counting the cut blocks; while they are over
 * (tokens merging across the joins), head and tail shrink by the excess.
 */
export function cutToFit(
  texts: readonly string[],
  document: string,
  documentBytes: number,
  limit: number,
  outcome: SpillOutcome,
  request: PreviewRequest,
): FittedText {
  const { count } = request
  const worst = count(`\n${textNotice(worstOmission, outcome)}\n`)
  let [head, tail] = previewSplit(Math.max(0, limit - worst), request)
  for (;;) {
    const cut = cutText(document, documentBytes, head, tail, count)
    const cutTexts = splitCut(texts, cut, textNotice(cut, outcome))
    let tokens = 0
    for (const text of cutTexts) tokens += text === undefined ? 0 : count(text)
    if (tokens <= limit) return { texts: cutTexts, cut, tokens }
    if (head + tail === 0) return shortestFit(texts, cut, limit, count)
    const excess = tokens - limit
    const shrinkHead = Math.min(head, Math.ceil((excess * head) / (head + tail)) + 1)
    head -= shrinkHead
    tail = Math.max(0, tail - (excess - shrinkHead) - 1)
  }
}

/**
 * A budget smaller than the notice itself (SPEC §20: the cut text as a whole fits the budget):
 * shorter notices in turn — `[… N tokens omitted]`, `[…]`, `…` — and at last no text at all,
 * which is also what a limit below zero gets (the lines of replaced blocks took more than the
 * budget, even at their shortest): the least the text can cost.
 */
function shortestFit(
  texts: readonly string[],
  cut: TextCut,
  limit: number,
  count: CountTokens,
): FittedText {
  let shortest: FittedText = { texts: [], cut, tokens: 0 }
  for (const notice of [shortTextNotice(cut), '[…]', '…', '']) {
    const shorter = splitCut(texts, cut, notice)
    let counted = 0
    for (const text of shorter) counted += text === undefined ? 0 : count(text)
    shortest = { texts: shorter, cut, tokens: counted }
    if (counted <= limit) return shortest
  }
  return shortest
}

/**
 * What each text block keeps of a cut of the document they make (`texts` joined by `\n`): a block
 * wholly in the head or the tail stays as it is; the first block the omitted part touches becomes
 * its head part, the notice and (when the tail starts inside it too) its tail part; a later block
 * it touches keeps its tail part, or nothing.
 */
function splitCut(texts: readonly string[], cut: TextCut, notice: string): (string | undefined)[] {
  const headEnd = cut.head.length
  const tailStart = cut.head.length + cut.omittedLength
  let start = 0
  let noticePlaced = false
  return texts.map((text) => {
    const end = start + text.length
    const from = start
    start = end + 1
    if (end <= headEnd || from >= tailStart) return text
    const headPart = headEnd > from ? text.slice(0, headEnd - from) : ''
    const tailPart = tailStart < end ? text.slice(tailStart - from) : ''
    if (noticePlaced) return tailPart === '' ? undefined : tailPart
    noticePlaced = true
    return aroundNotice(headPart, notice, tailPart)
  })
}

/** Head and tail token limits within `available`: the configured ones, scaled down to fit. */
function previewSplit(available: number, request: PreviewRequest): [number, number] {
  const { headTokens, tailTokens } = request
  const head =
    headTokens ??
    (tailTokens === undefined ? Math.ceil(available / 2) : Math.max(0, available - tailTokens))
  const tail = tailTokens ?? Math.max(0, available - head)
  if (head + tail <= available) return [head, tail]
  const scaledHead = Math.floor((available * head) / (head + tail))
  return [scaledHead, Math.floor((available * tail) / (head + tail))]
}

/** The notice on a line of its own between what is kept before and after it. */
function aroundNotice(head: string, notice: string, tail: string): string {
  const before = head === '' || head.endsWith('\n') ? head : `${head}\n`
  const after = tail === '' || tail.startsWith('\n') ? tail : `\n${tail}`
  return `${before}${notice}${after}`
}
