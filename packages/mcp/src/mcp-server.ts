/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server is what createMcpServer
   returns (see its design note). */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'

/**
 * What `mcpElicitationApproval` uses of an SDK `Server`: its methods, by shape, so that a server
 * of the SDK's CommonJS build fits as well as one of its ESM build.
 */
export type McpElicitingServer = Pick<Server, 'elicitInput' | 'getClientCapabilities'>
