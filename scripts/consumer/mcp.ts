// @toolpipe/mcp as a consumer uses it, with its peer @modelcontextprotocol/sdk installed beside it,
// under the configurations of scripts/check-consumers.mjs: a registry served over MCP to an SDK
// client in memory, and that client's tools mounted into a second registry. Under CommonJS the
// program's SDK classes come from the SDK's CommonJS build and the bridge's from its ESM build:
// the two must still work together.
import { asCallId } from '@toolpipe/core'
import { createMcpServer, McpBridgeError, mountMcpTools } from '@toolpipe/mcp'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const served = createToolRegistry()
  served.register(
    defineTool({
      name: 'greet',
      description: 'Greet someone.',
      parameters: { who: { type: 'string', required: true } },
      async execute({ who }) {
        return [{ type: 'text', text: `hello ${who}` }]
      },
    }),
  )
  const server = createMcpServer(served, { name: 'greeter', version: '1.0.0' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'consumer', version: '1.0.0' })
  await client.connect(clientSide)

  const listed = await client.listTools()
  assert(listed.tools.map((tool) => tool.name).join() === 'greet', 'tools/list')
  const called = await client.callTool({ name: 'greet', arguments: { who: 'MCP' } })
  assert(JSON.stringify(called.content) === '[{"type":"text","text":"hello MCP"}]', 'tools/call')
  await checkMount(served, client)
  await client.close()
  log('consumer check passed')
}

/** The client's tools mounted into a second registry: calls, validation, re-sync, dispose. */
async function checkMount(served: ToolRegistry, client: Client): Promise<void> {
  const mounting = createToolRegistry()
  const mount = await mountMcpTools(mounting, client, { prefix: 'srv' })
  assert(mount.names.join() === 'srv_greet', 'mounted names')
  const result = await mounting.execute({
    callId: asCallId('c1'),
    name: 'srv_greet',
    arguments: { who: 'mount' },
  })
  assert(!result.isError && JSON.stringify(result.content).includes('hello mount'), 'a call')
  const invalid = await mounting.execute({
    callId: asCallId('c2'),
    name: 'srv_greet',
    arguments: {},
  })
  assert(invalid.error?.code === 'INVALID_ARGS', 'local validation')

  // The server adds a tool: the mount follows list_changed.
  served.register(
    defineTool({
      name: 'wave',
      description: 'Wave.',
      parameters: {},
      async execute() {
        return [{ type: 'text', text: 'o/' }]
      },
    }),
  )
  for (let round = 0; round < 100 && !mount.names.includes('srv_wave'); round++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  assert(mount.names.includes('srv_wave'), 'list_changed re-sync')
  mount.dispose()
  assert(mounting.list().length === 0, 'dispose leaves nothing')

  let refused = false
  try {
    void mountMcpTools(mounting, client, { prefix: '' })
  } catch (error) {
    refused = error instanceof McpBridgeError && error.code === 'INVALID_OPTIONS'
  }
  assert(refused, 'bad options throw McpBridgeError')
}

void main()
