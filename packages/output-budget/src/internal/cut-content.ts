import { Buffer } from 'node:buffer'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import { encodedSize } from './encoded-size.js'
import { cutToFit, worstOmission } from './fit-text.js'
import type { FittedText, PreviewRequest } from './fit-text.js'
import { blockNotice, textNotice } from './omission-notice.js'
import type { SpillOutcome } from './omission-notice.js'
import { spillFileName } from './spill-file-name.js'
import { folderOrFailure, spill, spillBlock } from './spill-outcomes.js'
import type { SpillRequest } from './spill-outcomes.js'
import { countWithin } from './token-search.js'
import type { CountTokens } from './token-search.js'

/** What one cut needs to know. */
export interface CutRequest extends PreviewRequest, SpillRequest {
  readonly maxTokens: number
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
  if (textsOverAll && textsWithin(texts, maxTokens - othersBytes, count)) return undefined
  // Sized with a stand-in path like the real one; the final count of the cut text checks it.
  const folder = request.store === undefined ? undefined : await folderOrFailure(request)
  const standIn: SpillOutcome =
    folder === undefined
      ? { kind: 'dropped' }
      : { kind: 'saved', path: join(folder, spillFileName(request.callId, '0a1b2c3d4e5f', 'txt')) }
  const plan = planCut(texts, others, textsOverAll, standIn, request)

  const spills = new Map<SizedBlock, SpillOutcome>()
  for (const other of plan.replaced) spills.set(other, await spillBlock(other.block, request))
  const document = texts.length === 1 ? (texts[0] ?? '') : texts.join('\n')
  // The spill file's UTF-8 size is the document's: no second pass over a huge text to measure it.
  let documentBytes: number | undefined
  const textSpill = plan.cutTheText
    ? await spill(request, async (store) => {
        const saved = await store.saveText(request.callId, document)
        documentBytes = saved.bytes
        return saved.path
      })
    : undefined
  const lines = new Map<SizedBlock, string>()
  for (const [other, outcome] of spills) lines.set(other, blockLine(other, outcome))
  const kept = others.filter((other) => !plan.replaced.has(other))
  const keptBytes = sum(kept.map((other) => other.bytes))
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
  return {
    content: placeCut(content, cut, linesAt),
    reason: describeCut(maxTokens, cut, [...spills], textSpill),
  }
}

/** Which blocks give way to a line, and whether the text is cut too. */
interface CutPlan {
  readonly replaced: ReadonlySet<SizedBlock>
  readonly cutTheText: boolean
}

/**
 * Every block that alone exceeds the budget gives way; then, while the rest is still over, the
 * largest other block gives way too, unless what is left already holds the notice and a short
 * preview of the text: then the text is cut instead.
 */
function planCut(
  texts: readonly string[],
  others: readonly SizedBlock[],
  textsOverAll: boolean,
  standIn: SpillOutcome,
  request: CutRequest,
): CutPlan {
  const { maxTokens, count } = request
  const replaced = new Set(others.filter((other) => other.bytes > maxTokens))
  const noticeTokens = count(`\n${textNotice(worstOmission, standIn)}\n`)
  const leastPreview = Math.min(leastPreviewTokens, Math.floor(maxTokens / 4))
  for (;;) {
    const kept = others.filter((other) => !replaced.has(other))
    const lines = [...replaced].map((other) => blockLine(other, standIn))
    const rest = maxTokens - sum(kept.map((other) => other.bytes)) - sum(lines.map(count))
    const textsFit =
      texts.length === 0 ||
      (rest >= 0 && !(replaced.size === 0 && textsOverAll) && textsWithin(texts, rest, count))
    if (rest >= 0 && textsFit) return { replaced, cutTheText: false }
    const largest = kept.reduce<SizedBlock | undefined>(
      (found, other) => (found === undefined || other.bytes > found.bytes ? other : found),
      undefined,
    )
    if (!textsFit && (largest === undefined || rest >= noticeTokens + leastPreview)) {
      return { replaced, cutTheText: true }
    }
    // Nothing left to give way but the lines themselves: a budget smaller than they are.
    if (largest === undefined) return { replaced, cutTheText: false }
    replaced.add(largest)
  }
}

/** `content` with each text block as the cut left it and each replaced block as its line. */
function placeCut(
  content: readonly ContentBlock[],
  cut: FittedText | undefined,
  linesAt: ReadonlyMap<number, string>,
): ContentBlock[] {
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
  return result
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

function blockLine(other: SizedBlock, outcome: SpillOutcome): string {
  const mimeType = other.block.type === 'image' ? other.block.mimeType : undefined
  return blockNotice(other.block.type, mimeType, other.bytes, outcome)
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
