import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { mountMcpTools } from '@toolpipe/mcp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { budgetRegistry, call, spillPathOf, textOf } from './__fixtures__/budget-registry.js'
import { lockfileDiff } from './__fixtures__/outputs.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'

let scratch: string
let server: McpServer
let client: Client
const huge = lockfileDiff(2_000_000)

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'output-budget-mcp-'))
  // A real SDK server answering a 2 MB text, connected to a real SDK client in memory.
  server = new McpServer({ name: 'repo', version: '1.0.0' })
  server.registerTool('diff', { description: 'the lockfile diff' }, () => ({
    content: [{ type: 'text', text: huge }],
  }))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  client = new Client({ name: 'test', version: '1.0.0' })
  await client.connect(clientTransport)
})

afterEach(async () => {
  await client.close()
  await server.close()
  await rm(scratch, { recursive: true, force: true })
})

describe('outputBudget on a mounted MCP tool', () => {
  it('cuts the server’s huge answer like any tool’s, the whole answer in the spill file', async () => {
    const { registry, decisions } = budgetRegistry()
    registry.use(outputBudget({ maxTokens: 3_000, spill: { dir: scratch } }))
    const mount = await mountMcpTools(registry, client, { prefix: 'repo' })
    const result = await call(registry, 'repo_diff', 'mcp_call_1')
    mount.dispose()

    const count = await loadO200kTokenCounter()
    expect(result.isError).toBe(false)
    expect(count(textOf(result.content))).toBeLessThanOrEqual(3_000)
    expect(textOf(result.content).startsWith('diff --git a/pnpm-lock.yaml')).toBe(true)
    // 2 MB is more than the budget counts exactly: the notice gives an estimate.
    expect(textOf(result.content)).toMatch(/\[… ~\d+ tokens omitted \(\d+ bytes\)/)
    expect(await readFile(spillPathOf(result), 'utf8')).toBe(huge)
    expect(decisions).toMatchObject([
      { stage: 'post', outcome: 'edit', source: { kind: 'output-budget' } },
    ])
  })
})
