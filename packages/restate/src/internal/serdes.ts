import type { Serde } from '@restatedev/restate-sdk'
import type { ToolExecutionResult } from '@toolpipe/tools'

/*
 * The serdes of the values this package journals, written here rather than taken from the SDK:
 * this package loads no SDK code (see restate-failures.ts), and these do not depend on the
 * default serde a service was given.
 */

/**
 * A call's result, as JSON text. The pipeline hands over results that survive a lossless JSON
 * round trip, so the replayed result equals the one the first attempt returned.
 */
export const resultSerde: Serde<ToolExecutionResult> = Object.freeze({
  contentType: 'application/json',
  serialize: (result: ToolExecutionResult) => new TextEncoder().encode(JSON.stringify(result)),
  deserialize: (bytes: Uint8Array) =>
    JSON.parse(new TextDecoder().decode(bytes)) as ToolExecutionResult,
})

/**
 * An approval's answer, as the bytes it arrived as: decoded and read by this package, so that an
 * answer that is not JSON becomes the call's `INVALID_APPROVAL` rather than a deserialization
 * failure that Restate would retry forever.
 */
export const bytesSerde: Serde<Uint8Array> = Object.freeze({
  contentType: 'application/octet-stream',
  serialize: (bytes: Uint8Array) => bytes,
  deserialize: (bytes: Uint8Array) => bytes,
})

/** A journaled step that returns nothing (an announcement). */
export const nothingSerde: Serde<void> = Object.freeze({
  serialize: () => new Uint8Array(0),
  deserialize: () => undefined,
})
