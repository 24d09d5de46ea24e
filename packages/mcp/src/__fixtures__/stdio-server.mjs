// A real MCP server, run as a child process by stdio.test.ts: the SDK's low-level Server on the
// SDK's stdio transport. Its tools exercise what a remote server can do to a mounted tool: answer,
// report progress, change its tool list, never answer until cancelled, die mid-call, and answer
// more than a client reads. Started with the argument `die-on-list`, it exits while listing.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const objectSchema = (properties = {}, required = []) => ({ type: 'object', properties, required })

const tools = [
  {
    name: 'text.echo',
    description: 'Echo a text.',
    inputSchema: objectSchema({ text: { type: 'string' } }, ['text']),
  },
  {
    name: 'count',
    description: 'Count to three, reporting progress.',
    inputSchema: objectSchema(),
    annotations: { readOnlyHint: true },
  },
  { name: 'grow', description: 'Add a tool and tell the client.', inputSchema: objectSchema() },
  { name: 'hang', description: 'Never answer until cancelled.', inputSchema: objectSchema() },
  { name: 'die', description: 'Exit in the middle of the call.', inputSchema: objectSchema() },
  {
    name: 'flood',
    description: 'Answer megabytes of text (20 unless told).',
    inputSchema: objectSchema({ megabytes: { type: 'number' } }),
  },
]

const server = new Server(
  { name: 'stdio-fixture', version: '1.0.0' },
  { capabilities: { tools: { listChanged: true } } },
)

server.setRequestHandler(ListToolsRequestSchema, () => {
  if (process.argv[2] === 'die-on-list') {
    process.stderr.write('list: exiting mid-list\n')
    process.exit(4)
  }
  return { tools }
})

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args = {} } = request.params
  switch (name) {
    case 'text.echo':
      return { content: [{ type: 'text', text: String(args.text) }] }
    case 'count': {
      const token = request.params._meta?.progressToken
      for (let step = 1; step <= 3; step++) {
        if (token !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: 3, message: `step ${step}` },
          })
        }
      }
      // The SDK client hands notifications to their handlers a microtask later, but settles a
      // response at once: progress that reaches it in the same chunk as the response is dropped
      // (modelcontextprotocol/typescript-sdk#2580). A ping round trip first makes sure the client
      // has delivered the progress before it sees the response.
      if (token !== undefined) await server.ping()
      return { content: [{ type: 'text', text: 'counted to 3' }], structuredContent: { count: 3 } }
    }
    case 'grow':
      if (!tools.some((tool) => tool.name === 'grown')) {
        tools.push({
          name: 'grown',
          description: 'Added at run time.',
          inputSchema: objectSchema(),
        })
      }
      await server.sendToolListChanged()
      return { content: [{ type: 'text', text: 'grown' }] }
    case 'hang':
      return new Promise((resolve) => {
        process.stderr.write('hang: started\n')
        extra.signal.addEventListener('abort', () => {
          process.stderr.write('hang: cancelled by the client\n')
          resolve({ content: [] })
        })
      })
    case 'die':
      process.stderr.write('die: exiting mid-call\n')
      process.exit(3)
      break
    case 'flood':
      return {
        content: [{ type: 'text', text: 'x'.repeat(Number(args.megabytes ?? 20) * 1024 * 1024) }],
      }
    default:
      return { isError: true, content: [{ type: 'text', text: `no tool ${name}` }] }
  }
})

await server.connect(new StdioServerTransport())
