import { asCallId } from '@toolpipe/core'
import type { ToolExecutionInput } from '@toolpipe/tools'
import { jsonSchema } from 'ai'
import type { Tool } from 'ai'

type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>
type ContentPart = Extract<ModelOutput, { type: 'content' }>['value'][number]
type FilePart = Extract<ContentPart, { type: 'file' }>

// Parts built with their own types: the AI SDK marks the older members of the union deprecated.
export function textPart(text: string): Extract<ContentPart, { type: 'text' }> {
  return { type: 'text', text }
}
export function filePart(mediaType: string, data: FilePart['data']): FilePart {
  return { type: 'file', mediaType, data }
}

/** An AI SDK input schema of one required string member, `city`. */
export const citySchema = jsonSchema<{ city: string }>({
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
})

/** A call input of call id `c1`, the id the tests expect to see in the tool's options. */
export function call(name: string, args: unknown, extra: Partial<ToolExecutionInput> = {}) {
  return { callId: asCallId('c1'), name, arguments: args, ...extra }
}
