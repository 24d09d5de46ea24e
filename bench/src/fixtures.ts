import type { ContentBlock } from '@toolpipe/core'
import { readFileSpec } from '@toolpipe/tool-schemas'
import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'
/** The argument shapes every benchmark shares, so that tables compare like with like. */

/** A 4-field args object, like a `read_file` call. */
export const smallArgs = { path: 'src/index.ts', offset: 120, limit: 80, encoding: 'utf8' }

/** 20 edit objects of 3 strings and, every other one, a flag, like an `edit_files` call. */
export const mediumArgs = {
  edits: Array.from({ length: 20 }, (_, index) => ({
    path: `src/module-${index}.ts`,
    old_text: `export const value${index} = ${index}\n`,
    new_text: `export const value${index} = ${index + 1}\n`,
    ...(index % 2 === 0 ? { replace_all: false } : {}),
  })),
}

/** 100 rows of 6 fields, like a structured result table. */
export const tableRows = Array.from({ length: 100 }, (_, index) => ({
  id: `row-${index}`,
  score: index * 1.5,
  rank: index,
  active: index % 3 === 0,
  note: null,
  status: index % 2 === 0 ? 'open' : 'closed',
}))

/** The text a benchmark tool answers with. */
export const okContent = [{ type: 'text' as const, text: 'ok' }]

/**
 * A `read_file`-like tool from `defineTool` for the SMALL arguments: the pipeline validates its
 * 4-field spec (step 4). The tools, mcp, otel and adapters suites run the same one; the
 * instructions suite gives it a longer answer (`content`) or a deadline (`timeoutMs`).
 */
export function readFileTool(
  options: { content?: ContentBlock[]; timeoutMs?: number } = {},
): ToolDefinition {
  const content = options.content ?? okContent
  return defineTool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: readFileSpec,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    execute: () => Promise.resolve(content),
  })
}

// The validators' value pools are in value-pools.ts (SMALL, MEDIUM), output-pool.ts (OUTPUT) and
// uniform-pools.ts (the same, as a strict-mode model writes them).
