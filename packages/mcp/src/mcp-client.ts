import type { Client } from '@modelcontextprotocol/sdk/client/index.js'

/**
 * What `mountMcpTools` uses of an SDK `Client`: its methods, by shape. A `Client` of the SDK's
 * ESM build and one of its CommonJS build both fit (the class itself has private members, which
 * TypeScript compares by declaration, so the two builds' classes never match each other).
 */
export type McpClient = Pick<
  Client,
  'request' | 'callTool' | 'setNotificationHandler' | 'getServerVersion' | 'onclose'
>
