import type { Model, ModelReply, ModelRequest, TranscriptEntry } from './model.js'

/**
 * The example's offline model: it reads the notes, asks to append the user's prompt to them
 * (which needs a person's approval), then reports what happened. A real harness puts a provider
 * SDK behind the same {@link Model} interface.
 */
export const scriptedModel: Model = {
  reply({ transcript }: ModelRequest): Promise<ModelReply> {
    const step = transcript.filter((entry) => entry.role === 'assistant').length
    const prompt = transcript.find((entry) => entry.role === 'user')?.text ?? ''
    if (step === 0) {
      return Promise.resolve({
        text: 'I will read the notes, then add yours.',
        toolCalls: [
          { id: 'call_read', name: 'read_notes', arguments: {} },
          { id: 'call_append', name: 'append_note', arguments: { text: prompt } },
        ],
      })
    }
    const appended = lastResultOf(transcript, 'append_note')
    return Promise.resolve({
      text:
        appended === undefined || appended.isError
          ? `I did not add the note: ${textOf(appended)}`
          : `Done: ${textOf(appended)}`,
      toolCalls: [],
    })
  },
}

function lastResultOf(transcript: readonly TranscriptEntry[], name: string) {
  for (let index = transcript.length - 1; index >= 0; index--) {
    const entry = transcript[index]
    if (entry?.role === 'tool' && entry.name === name) return entry.result
  }
  return undefined
}

function textOf(result: ReturnType<typeof lastResultOf>): string {
  if (result === undefined) return 'it was never called'
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
}
