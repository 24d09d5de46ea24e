import { Buffer } from 'node:buffer'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import { encodedSize } from './encoded-size.js'
import { cutToFit, worstOmission } from './fit-text.js'
import type { FittedText, PreviewRequest } from './fit-text.js'
import { blockNotice, jointBlockNotice, shortTextNotice, textNotice } from './omission-notice.js'
import type { BlockLineForm, OmittedBlock, SpillOutcome } from './omission-notice.js'
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

/**
 * How the lines of the blocks that gave way read, longest first: each block its own line with its
 * place, each without the place, then one joint line for all of them with their size, and one
 * without it (SPEC §20: the result fits its budget, and a line still names what was omitted).
 */
const lineForms = ['full', 'without-place', 'joint', 'joint-short'] as const

/** One of {@link lineForms}. */
type LineForm = (typeof lineForms)[number]

/** Tokens a text cut leaves for its preview at least, before images give way to text. */
const leastPreviewTokens = 512

/**
 * Cuts `content` to `request.maxTokens` tokens, or returns `undefined` when it fits: text blocks
 * counted by the counter, every other block by its encoded size. A block that alone exceeds the
 * budget becomes a line naming its type and size (and its file); if the text is still over, the
 * text blocks, read as one document (joined by line breaks), keep its head and its tail around one
 * notice line, each block in its place, and the whole document goes to a spill file. Blocks too
 * large together also give way, largest first, and the lines get shorter, while they leave the
 * text less than its notice and a short preview.
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
  // What the texts count, when that is within the budget (the rest never exceeds it).
  const textTokens = textTokensWithin(texts, maxTokens, count)
  const othersBytes = sum(others.map((other) => other.bytes))
  if (textTokens !== undefined && textTokens + othersBytes <= maxTokens) return undefined
  // Sized with a stand-in path like the real one; the final count of the cut text checks it.
  const folder = request.store === undefined ? undefined : await folderOrFailure(request)
  const standIn: SpillOutcome =
    folder === undefined
      ? { kind: 'dropped' }
      : { kind: 'saved', path: join(folder, spillFileName(request.callId, '0a1b2c3d4e5f', 'txt')) }
  const plan = await planCut(texts, others, textTokens, standIn, request)

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
  const lines = replacementLines(plan.replaced, plan.form)
  const rest = maxTokens - keptBytes(others, plan.replaced) - linesCost(lines, count)
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
  return {
    content: placeCut(content, cut, lines),
    reason: describeCut(maxTokens, cut, [...plan.replaced], textSpill),
  }
}

/**
 * Which blocks gave way (each saved already, with where it went), how their lines read, and
 * whether the text is cut too.
 */
interface CutPlan {
  readonly replaced: ReadonlyMap<SizedBlock, SpillOutcome>
  readonly form: LineForm
  readonly cutTheText: boolean
}

/**
 * Every block that alone exceeds the budget gives way; then, while the rest leaves the text less
 * than its notice and a short preview, the largest other block gives way too (one whose line
 * costs less than it does), and after them the lines get shorter: without the place, then one
 * line for them all, then that line without the size. Whatever is left then goes to the text, cut down to it — down to nothing when
 * even the shortest lines take the whole budget (SPEC §20: the cut fits whenever that can be).
 */
async function planCut(
  texts: readonly string[],
  others: readonly SizedBlock[],
  textTokens: number | undefined,
  standIn: SpillOutcome,
  request: CutRequest,
): Promise<CutPlan> {
  const { maxTokens, count } = request
  const replaced = new Map<SizedBlock, SpillOutcome>()
  for (const other of others) {
    if (other.bytes > maxTokens) replaced.set(other, await spillBlock(other.block, request))
  }
  const noticeTokens = texts.length === 0 ? 0 : count(`\n${textNotice(worstOmission, standIn)}\n`)
  const leastPreview = Math.min(leastPreviewTokens, Math.floor(maxTokens / 4))
  // What a block's own line costs, for the joint forms the line it would have alone (no less
  // than what it adds to the joint line).
  const lineTokens = (other: SizedBlock, form: LineForm): number =>
    count(blockLine(other, replaced.get(other) ?? standIn, singleLineForm[form]))
  const restAt = (form: LineForm): number =>
    maxTokens - keptBytes(others, replaced) - linesCost(replacementLines(replaced, form), count)
  for (let shortened = 0; ;) {
    const form = lineForms[shortened] ?? 'joint-short'
    const rest = restAt(form)
    if (textTokens !== undefined && textTokens <= rest) return { replaced, form, cutTheText: false }
    if (rest >= noticeTokens + leastPreview) return { replaced, form, cutTheText: true }
    const givesWay = others
      .filter((other) => !replaced.has(other) && other.bytes > lineTokens(other, form))
      .reduce<SizedBlock | undefined>(
        (found, other) => (found === undefined || other.bytes > found.bytes ? other : found),
        undefined,
      )
    if (givesWay !== undefined) replaced.set(givesWay, await spillBlock(givesWay.block, request))
    else if (others.length > 0 && shortened < lineForms.length - 1) shortened++
    else {
      // No form leaves the text its notice and a preview: the fullest lines that leave it its
      // short notice, else the shortest lines.
      const textNeeds = textTokens === 0 ? 0 : count(`\n${shortTextNotice(worstOmission)}\n`)
      const fullest = lineForms.find((candidate) => restAt(candidate) >= textNeeds) ?? form
      return { replaced, form: fullest, cutTheText: textTokens !== 0 }
    }
  }
}

/** The line a block's own line reads as in each form (the joint forms: the line it would have alone). */
const singleLineForm: Readonly<Record<LineForm, BlockLineForm>> = {
  full: 'full',
  'without-place': 'without-place',
  joint: 'without-place',
  'joint-short': 'type-only',
}

/**
 * The lines that stand for the blocks that gave way, by the index of the block each replaces: in
 * the joint forms one line, in the first such block's place, and `undefined` (nothing) in the
 * others'.
 */
function replacementLines(
  replaced: ReadonlyMap<SizedBlock, SpillOutcome>,
  form: LineForm,
): Map<number, string | undefined> {
  const lines = new Map<number, string | undefined>()
  if (form === 'full' || form === 'without-place') {
    for (const [other, outcome] of replaced) lines.set(other.index, blockLine(other, outcome, form))
    return lines
  }
  const blocks = [...replaced.keys()].sort((a, b) => a.index - b.index)
  const joint = jointBlockNotice(blocks.map(omittedBlock), form === 'joint')
  blocks.forEach((other, position) => {
    lines.set(other.index, position === 0 ? joint : undefined)
  })
  return lines
}

function linesCost(lines: ReadonlyMap<number, string | undefined>, count: CountTokens): number {
  let tokens = 0
  for (const line of lines.values()) if (line !== undefined) tokens += count(line)
  return tokens
}

/**
 * `content` with each text block as the cut left it and each replaced block as its line (or, when
 * a joint line stands for it elsewhere, gone).
 */
function placeCut(
  content: readonly ContentBlock[],
  cut: FittedText | undefined,
  linesAt: ReadonlyMap<number, string | undefined>,
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
    if (!linesAt.has(index)) {
      result.push(block)
      return
    }
    const line = linesAt.get(index)
    if (line !== undefined) result.push({ type: 'text', text: line })
  })
  return result
}

/**
 * What the texts count together when that is at most `limit` tokens, else `undefined` (without
 * counting all of a long one).
 */
function textTokensWithin(
  texts: readonly string[],
  limit: number,
  count: CountTokens,
): number | undefined {
  let tokens = 0
  for (const text of texts) {
    const counted = countWithin(text, limit - tokens, count)
    if (counted === undefined) return undefined
    tokens += counted
  }
  return tokens
}

/** The bytes of the blocks other than text that are kept. */
function keptBytes(
  others: readonly SizedBlock[],
  replaced: ReadonlyMap<SizedBlock, SpillOutcome>,
): number {
  return sum(others.filter((other) => !replaced.has(other)).map((other) => other.bytes))
}

function blockLine(other: SizedBlock, outcome: SpillOutcome, form: BlockLineForm): string {
  const { type, mimeType, bytes } = omittedBlock(other)
  return blockNotice(type, mimeType, bytes, outcome, form)
}

function omittedBlock(other: SizedBlock): OmittedBlock {
  const mimeType = other.block.type === 'image' ? other.block.mimeType : undefined
  return { type: other.block.type, mimeType, bytes: other.bytes }
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
