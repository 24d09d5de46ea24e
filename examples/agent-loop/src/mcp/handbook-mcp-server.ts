import { setTimeout as sleep } from 'node:timers/promises'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

/** The team handbook the server serves: a topic → its rule. */
export const handbookEntries: Readonly<Record<string, string>> = {
  greetings:
    'Greetings read `Hello, <name>!`: a comma after Hello, an exclamation mark at the end, built with a template literal.',
  tests:
    'Never change a test to make it pass: fix the code. The project runs its test with `node test.js`.',
  secrets: 'Secrets stay in .env: never read them into a conversation or a log.',
}

/** Options of {@link createHandbookMcpServer}. */
export interface HandbookMcpServerOptions {
  /** How long searching one handbook section takes, in milliseconds (default 40; three sections). */
  readonly sectionDelayMs?: number | undefined
}

/**
 * The demo's own MCP server, on the official SDK (`McpServer`): the team handbook, with two
 * read-only tools.
 *
 * - `lookup({ topic })`: the handbook's rule on a topic, as text and as structured content
 *   (`{ topic, rule }`, declared by its output schema). It searches three sections, one after the
 *   other, and reports progress as each starts when the request carried a progress token. An unknown
 *   topic is a tool error naming the known ones.
 * - `topics()`: the topics there are.
 *
 * Both are annotated `readOnlyHint`, which `mountMcpTools` turns into `concurrencySafe`: the loop's
 * batch runs them in parallel with the other read-only calls of a step.
 */
export function createHandbookMcpServer(options: HandbookMcpServerOptions = {}): McpServer {
  const sectionDelayMs = options.sectionDelayMs ?? 40
  const server = new McpServer({ name: 'team-handbook', version: '1.0.0' })
  const topics = Object.keys(handbookEntries)

  server.registerTool(
    'lookup',
    {
      title: 'Look up the team handbook',
      description: `The team handbook's rule on a topic (${topics.join(', ')}).`,
      inputSchema: { topic: z.string().describe('what to look up, such as "greetings"') },
      outputSchema: { topic: z.string(), rule: z.string() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ topic }, extra) => {
      await searchSections(sectionDelayMs, extra)
      const key = topic.trim().toLowerCase()
      const rule = Object.hasOwn(handbookEntries, key) ? handbookEntries[key] : undefined
      if (rule === undefined) {
        return {
          content: [
            {
              type: 'text',
              text: `The handbook has no entry on "${topic}". Topics: ${topics.join(', ')}.`,
            },
          ],
          isError: true,
        }
      }
      return {
        content: [{ type: 'text', text: `${key}: ${rule}` }],
        structuredContent: { topic: key, rule },
      }
    },
  )

  server.registerTool(
    'topics',
    {
      title: 'Handbook topics',
      description: 'The topics the team handbook covers.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({ content: [{ type: 'text', text: topics.join('\n') }] }),
  )
  return server
}

/** What a tool handler is told of its request: its progress token, its notifications, its signal. */
type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>

/**
 * Searches the three sections one after the other, `delayMs` each, reporting progress as each
 * starts when the request carried a progress token; the request's signal stops it.
 */
async function searchSections(delayMs: number, extra: RequestExtra): Promise<void> {
  const progressToken = extra._meta?.progressToken
  const sections = ['style', 'process', 'security']
  for (const [index, section] of sections.entries()) {
    // Reported as each section starts: a notification sent after the last one could reach the
    // client after the result, when nobody listens for it any more.
    if (progressToken !== undefined) {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: index,
          total: sections.length,
          message: `searching the ${section} section`,
        },
      })
    }
    await sleep(delayMs, undefined, { signal: extra.signal })
  }
}
