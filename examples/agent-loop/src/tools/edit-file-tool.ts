import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { defineTool } from 'toolpipe'
import type { ToolDefinition } from 'toolpipe'
import { resolveRealPathInSandbox } from '../sandbox/sandbox-path.js'

/** What `edit_file` keeps in the result's `meta` for its completed card: the whole file before and after. */
interface EditMeta {
  before: string | null
  after: string
}

/**
 * `edit_file`: replaces one exact occurrence of `oldText` with `newText` (or creates a file when
 * `oldText` is empty). Its pending card is a diff of the proposed snippet; its completed card a
 * diff of the whole file before and after (from `meta`), which the renderer turns into hunks with
 * real line numbers and context lines.
 */
export function createEditFileTool(sandbox: string): ToolDefinition {
  return defineTool({
    name: 'edit_file',
    description:
      'Replace one exact, unique piece of text in a sandbox file, or create a file (empty oldText).',
    parameters: {
      path: { type: 'string', required: true, description: 'the file, relative to the sandbox' },
      oldText: {
        type: 'string',
        required: true,
        description: 'the exact text to replace (unique in the file), or "" to create the file',
      },
      newText: { type: 'string', required: true, description: 'the replacement text' },
    },
    permissions: { subjects: ({ path }) => [{ kind: 'edit', path }] },
    async execute({ path, oldText, newText }) {
      const absolute = await resolveRealPathInSandbox(sandbox, path)
      const before = await readFile(absolute, 'utf8').catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null
        throw error
      })
      let after: string
      if (oldText === '') {
        if (before !== null) throw new Error(`${path} already exists; give the text to replace`)
        await mkdir(dirname(absolute), { recursive: true })
        after = newText
      } else {
        if (before === null) throw new Error(`${path} does not exist`)
        const count = before.split(oldText).length - 1
        if (count === 0) throw new Error(`oldText was not found in ${path}`)
        if (count > 1) {
          throw new Error(
            `oldText occurs ${count} times in ${path}; include more lines to make it unique`,
          )
        }
        after = before.replace(oldText, () => newText)
      }
      await writeFile(absolute, after)
      const meta: EditMeta = { before, after }
      const summary =
        before === null
          ? `Created ${path} (${lineCount(after)} lines).`
          : `Edited ${path}: replaced ${lineCount(oldText)} line(s) with ${lineCount(newText)} line(s).`
      return { content: [{ type: 'text', text: summary }], meta }
    },
    presentCall: ({ path, oldText, newText }) => ({
      card: 'diff',
      title: oldText === '' ? `Create ${path}` : `Edit ${path}`,
      diffs: [{ path, oldText: oldText === '' ? null : oldText, newText }],
      locations: [{ path }],
    }),
    presentResult: ({ path }, result) =>
      !result.isError && isEditMeta(result.meta)
        ? {
            card: 'diff',
            diffs: [{ path, oldText: result.meta.before, newText: result.meta.after }],
          }
        : undefined,
  })
}

function isEditMeta(meta: unknown): meta is EditMeta {
  if (typeof meta !== 'object' || meta === null) return false
  const { before, after } = meta as Record<string, unknown>
  return (before === null || typeof before === 'string') && typeof after === 'string'
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length
}
