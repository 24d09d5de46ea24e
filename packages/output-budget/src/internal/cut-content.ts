import { Buffer } from 'node:buffer'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import { cutText } from './cut-text.js'
import type { TextCut } from './cut-text.js'
import { encodedSize } from './encoded-size.js'
import { blockNotice, textNotice } from './omission-notice.js'
import type { SpillOutcome } from './omission-notice.js'
import { spillFileName } from './spill-file-name.js'
import type { SpillStore } from './spill-store.js'
import { countWithin } from './token-search.js'
import type { CountTokens } from './token-search.js'

/** What one cut needs to know. */
export interface CutRequest {
  readonly maxTokens: number
  /** The plugin's preview split; `undefined` shares what is left evenly. */
  readonly headTokens: number | undefined
  readonly tailTokens: number | undefined
  readonly count: CountTokens
  /** Where full outputs go; `undefined` with `spill: false`. */
  readonly store: SpillStore | undefined
  readonly callId: string
  /** Told when a spill file could not be written (the notice then says the output was dropped). */
  readonly onSpillFailure: (error: unknown) => void
}

/** A result's content, cut to its budget, and what was done, for the decision record. */
export interface ContentCut {
  readonly content: ContentBlock[]
  readonly reason: string
}

/** A block that is not text, with its size. */
interface SizedBlock {
  readonly index: number
  readonly block: ContentBlock
  readonly bytes: number
}

/** Tokens a text cut leaves for its preview at least, before images give way to text. */
const leastPreviewTokens = 512

/** The longest numbers a notice can hold: what its size is reckoned with before the cut. */
const worstOmission = { omittedTokens: 1e15, omittedBytes: 1e15, estimated: true }

/**
 * Cuts `content` to `request.maxTokens` tokens, or returns `undefined` when it fits: text blocks
 * counted by the counter, every other block by its encoded size. A block that alone exceeds the
 * budget becomes a line naming its type and size (and its file); if the text is still over, the
 * text blocks, read as one document (joined by line breaks), keep its head and its tail around one
 * notice line, each block in its place, and the whole document goes to a spill file. Blocks too
 * large together also give way, largest first, while they leave the text less than a short
 * preview.
 */
export async function cutContent(
  content: readonly ContentBlock[],
  request: CutRequest,
): Promise<ContentCut | undefined> {
  const { maxTokens, count } = request
  const texts: string[] = []
  const others: SizedBlock[] = []
  content.forEach((block, index) => {
    if (block.type === 'text') texts.push(block.text)
    else others.push({ index, block, bytes: encodedSize(block) })
  })
  const othersBytes = sum(others.map((other) => other.bytes))
  // Known to be over at the budget left by every other block (checked here, not again below).
  const textsOverAll = othersBytes <= maxTokens
  if (textsOverAll && textsWithin(texts, maxTokens - othersBytes, count)) return

  // Sized with a stand-in path like the real one; the final count of the cut text checks it.
  const folder = request.store === undefined ? undefined : await folderOrFailure(request)
  const standIn: SpillOutcome =
    folder === undefined
      ? { kind: 'dropped' }
      : { kind: 'saved', path: join(folder, spillFileName(request.callId, '0a1b2c3d4e5f', 'txt')) }
  const replaced = new Set(others.filter((other) => other.bytes > maxTokens))
  const document = texts.length === 1 ? (texts[0] ?? '') : texts.join('\n')
  const noticeTokens = count(`\n${textNotice(worstOmission, standIn)}\n`)
  const leastPreview = Math.min(leastPreviewTokens, Math.floor(maxTokens / 4))
  let cutTheText = false
  for (;;) {
    const kept = others.filter((other) => !replaced.has(other))
    const lines = [...replaced].map((other) => blockLine(other, standIn))
    const rest = maxTokens - sum(kept.map((other) => other.bytes)) - sum(lines.map(count))
    const textsFit =
      texts.length === 0 ||
      (rest >= 0 && !(replaced.size === 0 && textsOverAll) && textsWithin(texts, rest, count))
    if (rest >= 0 && textsFit) break
    const largest = kept.reduce<SizedBlock | undefined>(
      (found, other) => (found === undefined || other.bytes > found.bytes ? other : found),
      undefined,
    )
    if (!textsFit && (largest === undefined || rest >= noticeTokens + leastPreview)) {
      cutTheText = true
      break
    }
    // Nothing left to give way but the lines themselves: a budget smaller than they are.
    if (largest === undefined) break
    replaced.add(largest)
  }

  const spills = new Map<SizedBlock, SpillOutcome>()
  for (const other of replaced) spills.set(other, await spillBlock(other.block, request))
  // The spill file's UTF-8 size is the document's: no second pass over a huge text to measure it.
  let documentBytes: number | undefined
  const textSpill = cutTheText
    ? await spill(request, async (store) => {
        const saved = await store.saveText(request.callId, document)
        documentBytes = saved.bytes
        return saved.path
      })
    : undefined
  const lines = new Map<SizedBlock, string>()
  for (const [other, outcome] of spills) lines.set(other, blockLine(other, outcome))
  const keptBytes = sum(others.filter((other) => !replaced.has(other)).map((other) => other.bytes))
  const rest = maxTokens - keptBytes - sum([...lines.values()].map(count))
  const cut =
    textSpill === undefined
      ? undefined
      : cutToFit(
          texts,
          document,
          documentBytes ?? Buffer.byteLength(document),
          rest,
          textSpill,
          request,
        )

  const linesAt = new Map([...lines].map(([other, line]) => [other.index, line]))
  const result: ContentBlock[] = []
  let textIndex = 0
  content.forEach((block, index) => {
    if (block.type === 'text') {
      const text = cut === undefined ? block.text : cut.texts[textIndex]
      textIndex++
      if (text === block.text) result.push(block)
      else if (text !== undefined) result.push({ type: 'text', text })
      return
    }
    const line = linesAt.get(index)
    result.push(line === undefined ? block : { type: 'text', text: line })
  })
  return { content: result, reason: describeCut(maxTokens, cut, [...spills], textSpill) }
}

/** Whether the texts together count at most `limit` tokens (without counting all of a long one). */
function textsWithin(texts: readonly string[], limit: number, count: CountTokens): boolean {
  let left = limit
  for (const text of texts) {
    const tokens = countWithin(text, left, count)
    if (tokens === undefined) return false
    left -= tokens
  }
  return true
}

/** The text blocks cut to `limit` tokens around one notice, and what they left out. */
interface FittedText {
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
function cutToFit(
  texts: readonly string[],
  document: string,
  documentBytes: number,
  limit: number,
  outcome: SpillOutcome,
  request: CutRequest,
): FittedText {
  const { count } = request
  const worst = count(`\n${textNotice(worstOmission, outcome)}\n`)
  let [head, tail] = previewSplit(Math.max(0, limit - worst), request)
  for (;;) {
    const cut = cutText(document, documentBytes, head, tail, count)
    const cutTexts = splitCut(texts, cut, textNotice(cut, outcome))
    const tokens = sum(cutTexts.map((text) => (text === undefined ? 0 : count(text))))
    if (tokens <= limit || head + tail === 0) return { texts: cutTexts, cut, tokens }
    const excess = tokens - limit
    const shrinkHead = Math.min(head, Math.ceil((excess * head) / (head + tail)) + 1)
    head -= shrinkHead
    tail = Math.max(0, tail - (excess - shrinkHead) - 1)
  }
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
function previewSplit(available: number, request: CutRequest): [number, number] {
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

function blockLine(other: SizedBlock, outcome: SpillOutcome): string {
  const mimeType = other.block.type === 'image' ? other.block.mimeType : undefined
  return blockNotice(other.block.type, mimeType, other.bytes, outcome)
}

/** Saves a replaced block: an image as the bytes its base64 encodes, anything else as JSON. */
function spillBlock(block: ContentBlock, request: CutRequest): Promise<SpillOutcome> {
  return spill(request, (store) =>
    block.type === 'image'
      ? store.saveBytes(
          request.callId,
          imageExtension(block.mimeType),
          Buffer.from(block.data, 'base64'),
        )
      : store.saveBytes(request.callId, 'json', Buffer.from(JSON.stringify(block))),
  )
}

async function spill(
  request: CutRequest,
  save: (store: SpillStore) => Promise<string>,
): Promise<SpillOutcome> {
  if (request.store === undefined) return { kind: 'dropped' }
  try {
    return { kind: 'saved', path: await save(request.store) }
  } catch (error) {
    request.onSpillFailure(error)
    return { kind: 'failed', reason: failureReason(error) }
  }
}

async function folderOrFailure(request: CutRequest): Promise<string | undefined> {
  try {
    return await request.store?.folder()
  } catch {
    // Reported when the spill itself fails, with the same error.
    return undefined
  }
}

/** `image/png` → `png`, `image/svg+xml` → `svg`; `bin` for anything unusual. */
function imageExtension(mimeType: string): string {
  const subtype = /^image\/([a-z0-9]{1,10})(?:[+.;-]|$)/i.exec(mimeType)?.[1]
  if (subtype === undefined) return 'bin'
  const lower = subtype.toLowerCase()
  return lower === 'jpeg' ? 'jpg' : lower
}

function failureReason(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.message : String(error)
}

function describeCut(
  maxTokens: number,
  cut: FittedText | undefined,
  blocks: readonly (readonly [SizedBlock, SpillOutcome])[],
  textSpill: SpillOutcome | undefined,
): string {
  const parts: string[] = []
  if (cut !== undefined) {
    const { omittedTokens, omittedBytes, estimated } = cut.cut
    parts.push(
      `text cut to ${cut.tokens} tokens, ${estimated ? '~' : ''}${omittedTokens} tokens (${omittedBytes} bytes) omitted; ${where(textSpill)}`,
    )
  }
  for (const [other, outcome] of blocks) {
    parts.push(`${other.block.type} block of ${other.bytes} bytes replaced; ${where(outcome)}`)
  }
  return `output over its ${maxTokens}-token budget: ${parts.join('; ')}`
}

function where(outcome: SpillOutcome | undefined): string {
  return outcome?.kind === 'saved' ? `full output in ${outcome.path}` : 'full output dropped'
}

function sum(values: readonly number[]): number {
  let total = 0
  for (const value of values) total += value
  return total
}
