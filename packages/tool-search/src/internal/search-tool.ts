import { defineTool } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'

/** The name of the tool a model searches with (SPEC §24). */
export const searchToolName = 'tool_search'

/**
 * The most characters of a found tool's description in the text listing a model reads. The
 * structured result holds each description whole (SPEC §24); the listing does not repeat a long
 * one, because from the next step on the model is shown the loaded tool's whole schema.
 */
const listedDescriptionLimit = 300

/** One tool a search found, as its result lists it. */
export interface FoundTool {
  readonly name: string
  readonly description: string
}

/**
 * The `tool_search` tool (SPEC §24): `{ query, limit? }` → `{ tools: [{ name, description }] }`,
 * each description as the tool has it, with a text listing for the model that cuts a description
 * past 300 characters; a `limit` above `maxResults` is read as `maxResults`. It
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
      // Plain objects, as the output schema's type has them.
      const tools = search(query, Math.min(limit ?? maxResults, maxResults)).map(
        ({ name, description }) => ({ name, description }),
      )
      const text =
        tools.length === 0
          ? 'No tool matches that. Search again with other words for the task.'
          : `Loaded ${String(tools.length)} tool${tools.length === 1 ? '' : 's'}, callable from your next step:\n` +
            tools.map((tool) => `- ${tool.name}: ${listedDescription(tool.description)}`).join('\n')
      return { content: [{ type: 'text', text }], structured: { tools } }
    },
  })
}

/**
 * A description as the text listing shows it: whole up to 300 characters, else its first 299
 * and `…`, cut between two code points (never half an emoji's surrogate pair).
 */
function listedDescription(description: string): string {
  if (description.length <= listedDescriptionLimit) return description
  let end = listedDescriptionLimit - 1
  const last = description.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${description.slice(0, end)}…`
}
