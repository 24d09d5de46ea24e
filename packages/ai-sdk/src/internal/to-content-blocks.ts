import type { ContentBlock } from '@toolpipe/core'
import { AiSdkToolError } from '../ai-sdk-tool-error.js'
import type { AiSdkModelOutput } from './to-model-output.js'

/** A part of an AI SDK `content` output, read loosely: its deprecated kinds are read too. */
interface LoosePart {
  readonly type: string
  readonly text?: unknown
  readonly data?: unknown
  readonly mediaType?: unknown
}

/**
 * What an AI SDK tool's `toModelOutput` answered, as toolpipe content blocks: `text` as a text
 * block, `json` as its JSON text, `content` part by part (text as text, inline images as image
 * blocks, anything else as its JSON text so nothing is lost). An error output (`error-text`,
 * `error-json`, `execution-denied`) is the tool's failure.
 *
 * @throws AiSdkToolError (`AI_SDK_TOOL_ERROR`) for an error output, with the tool's own words
 */
export function toContentBlocks(output: AiSdkModelOutput): ContentBlock[] {
  switch (output.type) {
    case 'text':
      return [{ type: 'text', text: output.value }]
    case 'json':
      return [{ type: 'text', text: JSON.stringify(output.value) }]
    case 'content':
      return output.value.map((part) => toContentBlock(part as LoosePart))
    case 'error-text':
      throw new AiSdkToolError(output.value)
    case 'error-json':
      throw new AiSdkToolError(JSON.stringify(output.value))
    case 'execution-denied':
      throw new AiSdkToolError(
        output.reason === undefined
          ? 'the tool denied the execution'
          : `the tool denied the execution: ${output.reason}`,
      )
  }
}

/** The content blocks of a value a tool produced without `toModelOutput`: what the model would read. */
export function valueToContentBlocks(value: unknown): ContentBlock[] {
  return [
    { type: 'text', text: typeof value === 'string' ? value : JSON.stringify(toJsonValue(value)) },
  ]
}

/**
 * A tool's output as JSON, as the AI SDK sends it to a model: through `JSON.stringify` (a
 * `Date` becomes its ISO text, `undefined` members are left out, `undefined` itself is `null`).
 *
 * @throws what `JSON.stringify` throws (a cycle, a bigint), which fails the call
 */
export function toJsonValue(value: unknown): unknown {
  const text = JSON.stringify(value) as string | undefined
  return text === undefined ? null : (JSON.parse(text) as unknown)
}

function toContentBlock(part: LoosePart): ContentBlock {
  if (part.type === 'text' && typeof part.text === 'string')
    return { type: 'text', text: part.text }
  const image = inlineImage(part)
  if (image !== undefined) return image
  return { type: 'text', text: JSON.stringify(part) }
}

/** An inline image part (`file` with an image media type and base64 or byte data, `image-data`). */
function inlineImage(part: LoosePart): ContentBlock | undefined {
  const { mediaType } = part
  if (typeof mediaType !== 'string' || !mediaType.startsWith('image/')) return undefined
  if (part.type === 'image-data' && typeof part.data === 'string') {
    return { type: 'image', data: part.data, mimeType: mediaType }
  }
  if (part.type !== 'file' || typeof part.data !== 'object' || part.data === null) return undefined
  const tagged = part.data as { type?: unknown; data?: unknown }
  if (tagged.type !== 'data') return undefined
  const data = tagged.data
  if (typeof data === 'string') return { type: 'image', data, mimeType: mediaType }
  if (data instanceof Uint8Array)
    return { type: 'image', data: toBase64(data), mimeType: mediaType }
  if (data instanceof ArrayBuffer) {
    return { type: 'image', data: toBase64(new Uint8Array(data)), mimeType: mediaType }
  }
  return undefined
}

/** Base64 of bytes, with the global `btoa` that Node.js and browsers share. */
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk))
  }
  return btoa(binary)
}
