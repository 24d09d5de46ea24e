/** Where the full output went: a file, nowhere by choice (`spill: false`), or nowhere by failure. */
export type SpillOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'dropped' }
  | { readonly kind: 'failed'; readonly reason: string }

/** What a text cut left out, as its notice tells it. */
export interface Omission {
  readonly omittedTokens: number
  readonly omittedBytes: number
  readonly estimated: boolean
}

/**
 * The one line a cut text carries between its head and its tail:
 * `[… N tokens omitted (M bytes); the full output is in <path> …]`, with `~N` for an estimate,
 * or `the full output was dropped` when there is no file.
 */
export function textNotice(omission: Omission, spill: SpillOutcome): string {
  const tokens = `${omission.estimated ? '~' : ''}${omission.omittedTokens}`
  const where =
    spill.kind === 'saved'
      ? `the full output is in ${oneLine(spill.path)}`
      : `the full output was dropped${droppedBecause(spill)}`
  return `[… ${tokens} tokens omitted (${omission.omittedBytes} bytes); ${where} …]`
}

/**
 * The short form of {@link textNotice}, for a budget too small for it: `[… N tokens omitted]`
 * (`~N` for an estimate).
 */
export function shortTextNotice(omission: Omission): string {
  return `[… ${omission.estimated ? '~' : ''}${omission.omittedTokens} tokens omitted]`
}

/**
 * How much a replaced block's own line says: all of it, without where the block went, or its type
 * alone. A budget too small for the first gets a shorter one.
 */
export type BlockLineForm = 'full' | 'without-place' | 'type-only'

/**
 * The line that replaces a block too large for the budget on its own:
 * `[… image block omitted (image/png, 1398104 bytes); it is in <path> …]`; without the place,
 * `[… image block omitted (image/png, 1398104 bytes)]`; its type alone, `[… image block omitted]`.
 */
export function blockNotice(
  type: string,
  mimeType: string | undefined,
  bytes: number,
  spill: SpillOutcome,
  form: BlockLineForm = 'full',
): string {
  const what = `[… ${printable(type)} block omitted`
  if (form === 'type-only') return `${what}]`
  const kind = mimeType === undefined ? '' : `${printable(mimeType)}, `
  const size = `${what} (${kind}${bytes} bytes)`
  if (form === 'without-place') return `${size}]`
  const where =
    spill.kind === 'saved'
      ? `it is in ${oneLine(spill.path)}`
      : `it was dropped${droppedBecause(spill)}`
  return `${size}; ${where} …]`
}

/** A block that gave way, as a joint line names it. */
export interface OmittedBlock {
  readonly type: string
  readonly mimeType: string | undefined
  readonly bytes: number
}

/**
 * The one line that stands for several blocks when their own lines do not fit the budget side by
 * side: `[… 300 image blocks omitted (image/png, 600000 bytes)]`, or for blocks of several types
 * or media types `[… 3 blocks omitted (2 image, 1 audio; 6000 bytes)]`; without the size,
 * `[… 300 image blocks omitted]`. For one block it is that block's own line without its place
 * (or without its size).
 */
export function jointBlockNotice(blocks: readonly OmittedBlock[], withSize: boolean): string {
  const [first] = blocks
  if (first === undefined) return ''
  if (blocks.length === 1) {
    const form = withSize ? 'without-place' : 'type-only'
    return blockNotice(first.type, first.mimeType, first.bytes, { kind: 'dropped' }, form)
  }
  const types = new Map<string, number>()
  const mimeTypes = new Set<string | undefined>()
  let bytes = 0
  for (const block of blocks) {
    const type = printable(block.type)
    types.set(type, (types.get(type) ?? 0) + 1)
    mimeTypes.add(block.mimeType)
    bytes += block.bytes
  }
  const [onlyType] = types.size === 1 ? types.keys() : []
  const what = `[… ${blocks.length} ${onlyType === undefined ? '' : `${onlyType} `}blocks omitted`
  if (!withSize) return `${what}]`
  if (onlyType === undefined) {
    const counts = [...types].map(([type, times]) => `${times} ${type}`)
    return `${what} (${counts.join(', ')}; ${bytes} bytes)]`
  }
  const [onlyMimeType] = mimeTypes.size === 1 ? mimeTypes : []
  const kind = onlyMimeType === undefined ? '' : `${printable(onlyMimeType)}, `
  return `${what} (${kind}${bytes} bytes)]`
}

/**
 * A path on one line: a control character (a line break in `spill.dir`) written as its JSON
 * escape (`\\n`), so that the notice stays the one line the model reads.
 */
function oneLine(path: string): string {
  return path.replace(
    // eslint-disable-next-line no-control-regex -- the control characters are what is escaped
    /[\u0000-\u001f\u007f]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function droppedBecause(spill: SpillOutcome): string {
  return spill.kind === 'failed' ? ` (it could not be saved: ${printable(spill.reason)})` : ''
}

/**
 * A name a tool or a server chose, safe inside a one-line notice: printable ASCII only, at most
 * 64 characters.
 */
function printable(text: string): string {
  const cleaned = text.slice(0, 256).replace(/[^\x20-\x7e]+/g, '?')
  return cleaned.length > 64 ? `${cleaned.slice(0, 63)}…` : cleaned
}
