import { appendFile, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

/**
 * The example's tools, working on `notes.md` in a workspace folder. `append_note` has an
 * external side effect, which is what the journal protects: once its step is journaled, a
 * replay does not append again.
 */
export function workspaceTools(workspace: string): ToolDefinition[] {
  const notes = join(workspace, 'notes.md')
  const readNotes = defineTool({
    name: 'read_notes',
    description: 'Read the shared notes.',
    parameters: {},
    async execute() {
      const text = await readFile(notes, 'utf8').catch(() => '')
      return [{ type: 'text', text: text === '' ? '(no notes yet)' : text }]
    },
    presentCall: () => ({ card: 'generic', title: 'Read notes.md', kind: 'read' }),
  })
  const appendNote = defineTool({
    name: 'append_note',
    description: 'Append one line to the shared notes.',
    parameters: { text: { type: 'string', required: true } },
    async execute({ text }, exec) {
      // The append is the side effect. It runs once per call, except in the window between the
      // append and Restate acknowledging the journal entry: a crash there runs it again. A tool
      // for which that matters keys the effect by exec.callId (see the package README).
      await appendFile(notes, `- ${text.replaceAll('\n', ' ')} (call ${exec.callId})\n`)
      return [{ type: 'text', text: `appended "${text}" to notes.md` }]
    },
    presentCall: ({ text }) => ({
      card: 'generic',
      title: `Append to notes.md: ${text}`,
      kind: 'edit',
      rawInput: { text },
    }),
  })
  return [readNotes, appendNote]
}
