import type { ContentBlock } from '@toolpipe/core'
import type { ToolOutputImage, ToolOutputText } from '@openai/agents'
import type { ToolExecutionResult } from '@toolpipe/tools'

/**
 * What a toolpipe tool returns to Agents JS: a string (what Agents JS sends as the tool output's
 * text), or structured outputs (text and images) for content that is more than one text block.
 */
export type AgentsToolOutput = string | (ToolOutputText | ToolOutputImage)[]

/**
 * A pipeline result as the model reads it: an error result as its text (`Error: …`), returned
 * rather than thrown so the run goes on and the model can correct its call, as Agents JS does for
 * a failing tool; a single text block as its text; other content as structured outputs, images
 * with their base64 data and media type.
 */
export function toAgentsOutput(result: ToolExecutionResult): AgentsToolOutput {
  const { content } = result
  const [only] = content
  if (result.isError) return content.map(blockText).join('\n')
  if (content.length === 0) return ''
  if (content.length === 1 && only?.type === 'text') return only.text
  return content.map(toStructuredOutput)
}

function toStructuredOutput(block: ContentBlock): ToolOutputText | ToolOutputImage {
  if (block.type === 'image') {
    return { type: 'image', image: { data: block.data, mediaType: block.mimeType } }
  }
  return { type: 'text', text: blockText(block) }
}

/** A block as text: its own text, or its JSON for a block the model has no other form for. */
function blockText(block: ContentBlock): string {
  return block.type === 'text' || block.type === 'reasoning' ? block.text : JSON.stringify(block)
}
