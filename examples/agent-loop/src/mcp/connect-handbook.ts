import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

/** The handbook server's entry file, run with the same TypeScript loader as the demo. */
const serverEntry = fileURLToPath(new URL('./serve-handbook.ts', import.meta.url))

/**
 * Starts the team-handbook MCP server as a child process and connects the SDK's `Client` to it
 * over stdio, as an agent connects to any local MCP server. The child gets the SDK's default
 * environment (no API keys); `client.close()` ends it.
 *
 * @example
 * const client = await connectHandbook()
 * const mount = await mountMcpTools(registry, client, { prefix: 'handbook' })
 */
export async function connectHandbook(): Promise<Client> {
  const client = new Client({ name: 'toolpipe-agent-loop', version: '0.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      // `--import tsx` resolved here, not from the child's working directory.
      args: ['--import', import.meta.resolve('tsx'), serverEntry],
    }),
  )
  return client
}
