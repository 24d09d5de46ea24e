import { readFile } from 'node:fs/promises'
import { defineTool } from 'toolpipe'
import type { ToolDefinition } from 'toolpipe'
import { resolveRealPathInSandbox } from '../sandbox/sandbox-path.js'

/**
 * `read_file`: a UTF-8 text file of the sandbox, at most `maxLines` lines. Read-only and
 * `concurrencySafe`, so the reads of one step run in parallel. Its pending card is a
 * generic `read` card naming the file; it has no `presentResult`, so the completed card is the
 * generic fallback: the pending title and the file's text.
 */
export function createReadFileTool(sandbox: string): ToolDefinition {
  return defineTool({
    name: 'read_file',
    description: 'Read a UTF-8 text file in the sandbox.',
    // It only reads: a step's reads run at the same time (executeBatch), and MCP says so too.
    annotations: { title: 'Read a file', readOnly: true },
    concurrencySafe: true,
    parameters: {
      path: { type: 'string', required: true, description: 'the file, relative to the sandbox' },
      maxLines: { type: 'number', description: 'read at most this many lines', default: 200 },
    },
    permissions: { subjects: ({ path }) => [{ kind: 'read', path }] },
    async execute({ path, maxLines = 200 }) {
      if (!Number.isInteger(maxLines) || maxLines < 1) {
        throw new Error(`maxLines must be a positive whole number, got ${maxLines}`)
      }
      const text = await readFile(await resolveRealPathInSandbox(sandbox, path), 'utf8')
      const lines = text.split('\n')
      if (lines.at(-1) === '') lines.pop()
      if (lines.length <= maxLines) return [{ type: 'text', text }]
      const shown = lines.slice(0, maxLines).join('\n')
      const rest = `… ${lines.length - maxLines} more lines (read again with a larger maxLines)`
      return [{ type: 'text', text: `${shown}\n${rest}` }]
    },
    presentCall: ({ path }) => ({
      card: 'generic',
      title: `Read ${path}`,
      kind: 'read',
      locations: [{ path }],
    }),
  })
}
