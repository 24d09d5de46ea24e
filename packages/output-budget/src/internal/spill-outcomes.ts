import { Buffer } from 'node:buffer'
import type { ContentBlock } from '@toolpipe/core'
import type { SpillOutcome } from './omission-notice.js'
import type { SpillStore } from './spill-store.js'

/** What saving a full output needs of the cut request. */
export interface SpillRequest {
  /** Where full outputs go; `undefined` with `spill: false`. */
  readonly store: SpillStore | undefined
  readonly callId: string
  /** Told when a spill file could not be written (the notice then says the output was dropped). */
  readonly onSpillFailure: (error: unknown) => void
}

/** Saves a replaced block: an image as the bytes its base64 encodes, anything else as JSON. */
export function spillBlock(block: ContentBlock, request: SpillRequest): Promise<SpillOutcome> {
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

/**
 * What became of a full output `save` writes to the store: its path, `dropped` without a store,
 * or `failed` (with the error's code or message) after telling `onSpillFailure`.
 */
export async function spill(
  request: SpillRequest,
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

/** The store's folder, or `undefined` when there is none or it cannot be made. */
export async function folderOrFailure(request: SpillRequest): Promise<string | undefined> {
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
