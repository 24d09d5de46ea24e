import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createHandbookMcpServer } from './handbook-mcp-server.js'

// The handbook server as its own process, speaking MCP on stdin/stdout: the demo starts it with
// the SDK's StdioClientTransport (see connect-handbook.ts). It ends when the client closes its
// stdin. Nothing else may be written to stdout.
await createHandbookMcpServer().connect(new StdioServerTransport())
