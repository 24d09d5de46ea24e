import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

/** The name of the tool a model searches with (SPEC §24). */
export const searchToolName = 'tool_search'

/** The most characters of a found tool's description in a search's result. */
const descriptionLimit = 300

/** One tool a search found, as its result lists it. */
export interface FoundTool {
  readonly name: string
  readonly description: string
}

/**
 * The `tool_search` tool (SPEC §24): `{ query, limit? }` → `{ tools: [{ name, description }] }`,
 * with a text listing for the model; a `limit` above `maxResults` is read as `maxResults`. It
 * only searches: a session that runs it loads what it found. Its description never changes with
 * the catalogue, so a provider's prompt cache keeps it.
 */
export function searchTool(
  maxResults: number,
  search: (query: string, limit: number) => FoundTool[],
): ToolDefinition {
  return defineTool({
    name: searchToolName,
    description:
      'Search for more tools by what you want to do, and load the best matches: the tools you ' +
      'can call now are not all there are. Describe the task in plain words ("open a ticket ' +
      'about the crash", "resize a photo"), not a tool name. Each tool found can be called ' +
      'from your next step on; if none fits, search again with other words.',
    parameters: {
      query: {
        type: 'string',
        required: true,
        minLength: 1,
        description: 'What you want to do, in plain words.',
      },
      limit: {
        type: 'integer',
        // No `maximum`: a model that asks for more than the search gives gets maxResults, not
        // an INVALID_ARGS error and a wasted step.
        minimum: 1,
        description: `How many tools to load (at most ${String(maxResults)}, the default).`,
      },
    },
    outputSchema: {
      type: 'object',
      properties: {
        tools: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, description: { type: 'string' } },
            required: ['name', 'description'],
          },
        },
      },
      required: ['tools'],
    },
    annotations: { title: 'Search tools', readOnly: true, idempotent: true },
    concurrencySafe: true,
    execute({ query, limit }) {
      const found = search(query, Math.min(limit ?? maxResults, maxResults))
      const tools = found.map(({ name, description }) => ({
        name,
        description:
          description.length > descriptionLimit
            ? `${description.slice(0, descriptionLimit - 1)}…`
            : description,
      }))
      const text =
        tools.length === 0
          ? 'No tool matches that. Search again with other words for the task.'
          : `Loaded ${String(tools.length)} tool${tools.length === 1 ? '' : 's'}, callable from your next step:\n` +
            tools.map((tool) => `- ${tool.name}: ${tool.description}`).join('\n')
      return { content: [{ type: 'text', text }], structured: { tools } }
    },
  })
}
