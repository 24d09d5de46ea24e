/* eslint-disable @typescript-eslint/no-deprecated -- createMcpServer returns the low-level Server. */
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalService, ScopedTools, ToolRegistry } from '@toolpipe/tools'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { describe, expectTypeOf, it } from 'vitest'
import { createMcpServer, mcpElicitationApproval, mountMcpTools } from './index.js'
import type {
  CreateMcpServerOptions,
  McpBridgeError,
  McpClient,
  McpProtocolError,
  McpToolError,
  McpMount,
  McpProtocolErrorCode,
  McpServerInfo,
  MountMcpToolsOptions,
} from './index.js'

const registry = createToolRegistry()
declare const client: Client

describe('@toolpipe/mcp types', () => {
  it('createMcpServer takes a registry or a scope handle and returns the SDK’s Server', () => {
    expectTypeOf(createMcpServer).parameter(0).toEqualTypeOf<ToolRegistry | ScopedTools>()
    expectTypeOf(createMcpServer).parameter(1).toEqualTypeOf<McpServerInfo>()
    expectTypeOf(createMcpServer(registry, { name: 'a', version: '1' })).toEqualTypeOf<Server>()
    expectTypeOf(
      createMcpServer(registry.scope({ id: 'a' }), { name: 'a', version: '1' }),
    ).toEqualTypeOf<Server>()
    expectTypeOf<CreateMcpServerOptions['pageSize']>().toEqualTypeOf<number | undefined>()
    // @ts-expect-error a version is required
    createMcpServer(registry, { name: 'a' })
    // @ts-expect-error an agent is an object with an id
    createMcpServer(registry, { name: 'a', version: '1' }, { agent: 'alice' })
  })

  it('mcpElicitationApproval makes an ApprovalService from a server', () => {
    const server = createMcpServer(registry, { name: 'a', version: '1' })
    expectTypeOf(mcpElicitationApproval(server)).toEqualTypeOf<ApprovalService>()
    // @ts-expect-error a timeout is a number of milliseconds
    mcpElicitationApproval(server, { timeoutMs: '5s' })
  })

  it('mountMcpTools resolves to a mount whose names are read-only', async () => {
    const mount = await mountMcpTools(registry, client, {
      prefix: 'gh',
      include: (tool) => tool.annotations?.readOnlyHint === true,
    })
    expectTypeOf(mount).toEqualTypeOf<McpMount>()
    expectTypeOf(mount.names).toEqualTypeOf<readonly string[]>()
    expectTypeOf(mount.refresh).returns.toEqualTypeOf<Promise<void>>()
    expectTypeOf<MountMcpToolsOptions['include']>().toEqualTypeOf<
      ((tool: Tool) => boolean) | undefined
    >()
    // @ts-expect-error names cannot be reassigned
    mount.names = []
    // @ts-expect-error the client is an SDK Client
    void mountMcpTools(registry, 'stdio://server')
  })

  it('mountMcpTools takes timeouts, keepOnClose and the SDK’s validator interface', () => {
    expectTypeOf<MountMcpToolsOptions['timeoutMs']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<MountMcpToolsOptions['toolTimeoutMs']>().toEqualTypeOf<
      Readonly<Record<string, number>> | undefined
    >()
    expectTypeOf<MountMcpToolsOptions['keepOnClose']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<MountMcpToolsOptions['jsonSchemaValidator']>().toEqualTypeOf<
      jsonSchemaValidator | undefined
    >()
    void mountMcpTools(registry, client, {
      timeoutMs: 30_000,
      toolTimeoutMs: { read_file: 5_000 },
      keepOnClose: true,
      jsonSchemaValidator: new AjvJsonSchemaValidator(),
    })
    // @ts-expect-error budgets are numbers of milliseconds
    void mountMcpTools(registry, client, { toolTimeoutMs: { read_file: '5s' } })
    // A client of the SDK's own type fits the shape mountMcpTools uses.
    expectTypeOf<Client>().toExtend<McpClient>()
  })

  it('errors carry their codes', () => {
    expectTypeOf<McpToolError['code']>().toEqualTypeOf<'MCP_TOOL_ERROR'>()
    expectTypeOf<McpProtocolError['code']>().toEqualTypeOf<McpProtocolErrorCode>()
    expectTypeOf<McpProtocolErrorCode>().toEqualTypeOf<
      'MCP_PROTOCOL_ERROR' | 'MCP_CALL_CANCELLED'
    >()
    expectTypeOf<McpBridgeError['code']>().toEqualTypeOf<'INVALID_OPTIONS'>()
  })
})
