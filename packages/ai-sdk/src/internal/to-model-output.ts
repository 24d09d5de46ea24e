import type { ContentBlock } from '@toolpipe/core'
import type { Tool } from 'ai'
import type { AiSdkToolOutput } from '../ai-sdk-tool-output.js'

/** What an AI SDK tool's `toModelOutput` returns: the tool result as the model will read it. */
export type AiSdkModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>

/** One part of an AI SDK `content` tool output. */
type AiSdkContentPart = Extract<AiSdkModelOutput, { type: 'content' }>['value'][number]
type AiSdkTextPart = Extract<AiSdkContentPart, { type: 'text' }>
type AiSdkFilePart = Extract<AiSdkContentPart, { type: 'file' }>

/**
 * A pipeline result as the model reads it in the next step: an error result as AI SDK error
 * output (`error-text`: the run goes on and the model can correct its call), a single text block
 * as `text`, and any other content as `content` parts (text, and images as `file` parts with
 * their base64 data and media type). The AI SDK asks only about final outputs; a progress report
 * (a UI message converted while its call ran) reads as its message, or as its JSON.
 */
export function toModelOutput(result: AiSdkToolOutput): AiSdkModelOutput {
  if ('preliminary' in result) {
    return { type: 'text', value: result.update.message ?? JSON.stringify(result.update) }
  }
  if (result.isError) {
    return { type: 'error-text', value: result.content.map(blockText).join('\n') }
  }
  const [only] = result.content
  if (result.content.length === 1 && only?.type === 'text')
    return { type: 'text', value: only.text }
  if (result.content.length === 0) return { type: 'text', value: '' }
  return { type: 'content', value: result.content.map(toContentPart) }
}

/** A content block as an AI SDK content part; blocks without one are given as their JSON text. */
function toContentPart(block: ContentBlock): AiSdkContentPart {
  if (block.type === 'image') {
    const file: AiSdkFilePart = {
      type: 'file',
      mediaType: block.mimeType,
      data: { type: 'data', data: block.data },
    }
    return file
  }
  const text: AiSdkTextPart = { type: 'text', text: blockText(block) }
  return text
}

/** A block as text, for an error output, which can only be text. */
function blockText(block: ContentBlock): string {
  return block.type === 'text' || block.type === 'reasoning' ? block.text : JSON.stringify(block)
}
