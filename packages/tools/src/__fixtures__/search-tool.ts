import type { SchemaSpec } from '@toolpipe/schema'
import { text } from './tools.js'
import { defineTool } from '../define-tool.js'

/** A search tool's parameters: bounds, an integer and a nullable member, for every dialect. */
export const searchSpec = {
  query: { type: 'string', required: true, maxLength: 80 },
  limit: { type: 'integer', minimum: 1, maximum: 500 },
  note: { type: 'string', nullable: true },
} as const satisfies SchemaSpec

/** A `defineTool` search tool over {@link searchSpec}, whose body records the arguments it got. */
export function searchTool(seen: unknown[] = []) {
  return defineTool({
    name: 'search',
    description: 'Search the workspace.',
    parameters: searchSpec,
    async execute(args) {
      seen.push(args)
      return [text(`found ${args.query}${args.limit === undefined ? '' : ` (${args.limit})`}`)]
    },
  })
}

export function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}
