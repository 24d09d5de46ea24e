import type { Serde } from '@restatedev/restate-sdk'
import type { ToolExecutionResult } from '@toolpipe/tools'

/**
 * How a call's result is journaled: as JSON text, whatever default serde the service was given.
 * The pipeline hands over results that survive a lossless JSON round trip, so the replayed
 * result equals the one the first attempt returned.
 */
export const resultSerde: Serde<ToolExecutionResult> = {
  contentType: 'application/json',
  serialize: (result) => new TextEncoder().encode(JSON.stringify(result)),
  deserialize: (bytes) => JSON.parse(new TextDecoder().decode(bytes)) as ToolExecutionResult,
}
