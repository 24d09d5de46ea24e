import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useRemotes } from './__fixtures__/test-hooks.js'
import { createMcpServer } from './create-mcp-server.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { remoteTool } from './__fixtures__/remote-server.js'
import { readTextFileInputSchema } from '@toolpipe/tool-schemas'

/**
 * SPEC §22 on a mount: a mounted tool's parameters are the server's `inputSchema`, so step 4's
 * null → absent step applies to it (a strict model's nulls never reach the local check or the
 * server); `format` is never fatal, so a registry configured with dialects mounts a tool that
 * has one; and a tool a configured dialect cannot express is left out with one warning line.
 */

const { remoteWith, closeAfter } = useRemotes()

/** server-filesystem's read_text_file, as it lists it. */
const readTextFile = remoteTool('read_text_file', readTextFileInputSchema)

describe('a mounted tool in strict mode', () => {
  it("takes a strict model's nulls for optional members as members left out: the server gets none", async () => {
    const remote = await remoteWith([readTextFile])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const [schema] = registry.schemas(undefined, { dialect: 'openai-strict' })
    // What the strict model is shown: every member required, the optional ones nullable.
    expect(schema).toMatchObject({
      strict: true,
      parameters: {
        required: ['path', 'tail', 'head'],
        properties: { head: { type: ['number', 'null'] } },
      },
    })
    const result = await registry.execute(
      callInput('read_text_file', { path: 'a.txt', head: null, tail: null }),
    )
    expect(result.isError).toBe(false)
    expect(remote.calls).toEqual([{ name: 'read_text_file', arguments: { path: 'a.txt' } }])
    // A null for the required member is still the local check's to refuse.
    expect(await registry.execute(callInput('read_text_file', { path: null }))).toMatchObject({
      isError: true,
      error: { code: 'INVALID_ARGS' },
    })
    expect(remote.calls).toHaveLength(1)
  })

  it('a toolpipe tool served over MCP and mounted back takes the nulls too', async () => {
    const served = createToolRegistry()
    const received: unknown[] = []
    served.register(
      defineTool({
        name: 'search',
        description: 'Search.',
        parameters: {
          query: { type: 'string', required: true },
          limit: { type: 'integer', minimum: 1 },
          options: { type: 'object', properties: { exact: { type: 'boolean' } } },
        },
        execute: (args) => {
          received.push(args)
          return [{ type: 'text', text: 'found' }]
        },
      }),
    )
    const server = createMcpServer(served, { name: 'search', version: '1.0.0' })
    const client = new Client({ name: 'agent', version: '1.0.0' })
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    await server.connect(serverTransport)
    await client.connect(clientTransport)
    closeAfter(async () => {
      await client.close()
      await server.close()
    })
    const mounting = createToolRegistry()
    await mountMcpTools(mounting, client, { prefix: 'remote' })
    const result = await mounting.execute(
      callInput('remote_search', { query: 'q', limit: null, options: { exact: null } }),
    )
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'found' }] })
    expect(received).toEqual([{ query: 'q', options: {} }])
  })
})

describe('a mount onto a registry configured with dialects', () => {
  it('mounts a tool with a format (server-everything writes format: uri); leaves out one a dialect cannot express, in one warning line', async () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({
      dialects: ['openai-strict', 'gemini'],
      logger: { warn: (...line) => warnings.push(line) },
    })
    const remote = await remoteWith([
      remoteTool('gzip_file_as_resource', {
        type: 'object',
        properties: {
          name: { type: 'string' },
          data: { type: 'string', format: 'uri', description: 'URL or data URI' },
        },
      }),
      remoteTool('configure', {
        type: 'object',
        properties: { options: { type: 'object' } },
      }),
    ])
    const mount = await mountMcpTools(registry, remote.client)
    expect(mount.names).toEqual(['gzip_file_as_resource'])
    expect(registry.schemas(undefined, { dialect: 'gemini' })[0]?.parameters).toMatchObject({
      properties: { data: { type: 'string', description: 'URL or data URI (format: uri)' } },
    })
    // One line, no error object (whose stack trace console.warn would print).
    expect(warnings).toEqual([
      [
        expect.stringMatching(
          /^toolpipe\/mcp: tool "configure" of MCP server "remote" was not mounted: tool "configure" cannot be expressed in the openai-strict dialect: parameters\.properties\.options: a free-form object/,
        ),
      ],
    ])
  })
})
