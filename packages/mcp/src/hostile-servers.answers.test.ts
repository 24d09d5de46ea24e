import { createToolRegistry } from '@toolpipe/tools'
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, useWirePeers } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { listedTool, RawResult } from './__fixtures__/wire-peer.js'

// SPEC §22 (issue 34): what a hostile MCP server can make a mount cost, over a wire that carries
// JSON text, against the SDK's real Client.

const { peerWith, pagedPeer } = useWirePeers()

describe('one output schema the validator cannot compile skips that tool, never the listing', () => {
  const broken = {
    type: 'object',
    properties: { id: { type: 'string', pattern: '(' } },
  }

  it('mounts the others, warns once across refreshes, and again only if it changes', async () => {
    let listing = [
      listedTool('before'),
      listedTool('broken', { outputSchema: broken }),
      listedTool('after', {
        outputSchema: { type: 'object', properties: { n: { type: 'number' } } },
      }),
    ]
    const peer = await peerWith('schemas', (method) =>
      method === 'tools/list'
        ? { tools: listing }
        : { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 1 } },
    )
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, peer.client, { logger })
    expect(mount.names).toEqual(['before', 'after'])
    const skipped =
      'toolpipe/mcp: tool "broken" of MCP server "schemas" was not mounted: Invalid regular expression: /(/u: Unterminated group'
    expect(logger.messages).toEqual([skipped])
    expect(await registry.execute(callInput('after'))).toMatchObject({
      isError: false,
      structured: { n: 1 },
    })
    await mount.refresh()
    await mount.refresh()
    expect(logger.messages).toEqual([skipped])
    // Fixed: it mounts. Broken again: said again.
    listing = [listedTool('before'), listedTool('broken'), listing[2]!]
    await mount.refresh()
    expect(mount.names).toEqual(['before', 'broken', 'after'])
    listing = [listedTool('before'), listedTool('broken', { outputSchema: broken }), listing[2]!]
    await mount.refresh()
    expect(mount.names).toEqual(['before', 'after'])
    expect(logger.messages).toEqual([skipped, skipped])
  })

  it('checks structuredContent against an output schema outside the subset, on every page', async () => {
    let answer: Record<string, unknown> | undefined = { id: 'x' }
    const { peer } = await pagedPeer(
      'outside',
      [
        [
          listedTool('first', {
            outputSchema: {
              type: 'object',
              properties: { id: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
              required: ['id'],
            },
          }),
        ],
        [listedTool('second')],
      ],
      () => ({ content: [], ...(answer === undefined ? {} : { structuredContent: answer }) }),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    expect(await registry.execute(callInput('first'))).toMatchObject({
      isError: false,
      structured: { id: 'x' },
    })
    answer = { id: true }
    const mismatch = await registry.execute(callInput('first'))
    expect(mismatch).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
    expect(mismatch.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Error: the structured content of MCP tool "first" does not match its output schema: /,
      ) as unknown,
    })
    answer = undefined
    expect((await registry.execute(callInput('first'))).content).toEqual([
      {
        type: 'text',
        text: 'Error: MCP tool "first" has an output schema but answered without structured content',
      },
    ])
  })

  it('uses the validator it is given, for the check and for the answers', async () => {
    const seen: unknown[] = []
    const validator: jsonSchemaValidator = {
      getValidator<TValue>(schema: JsonSchemaType): JsonSchemaValidator<TValue> {
        seen.push(schema)
        if (schema.title === 'refused') throw new Error('not for me')
        return (input) =>
          input === null
            ? { valid: false, data: undefined, errorMessage: 'null is not welcome' }
            : { valid: true, data: input as TValue, errorMessage: undefined }
      },
    }
    const peer = await peerWith('custom', (method) =>
      method === 'tools/list'
        ? {
            tools: [
              listedTool('a', { outputSchema: { type: 'object', title: 'refused' } }),
              listedTool('b', { outputSchema: { type: 'object', format: 'mine' } }),
            ],
          }
        : { content: [], structuredContent: { v: 1 } },
    )
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, peer.client, {
      logger,
      jsonSchemaValidator: validator,
    })
    expect(mount.names).toEqual(['b'])
    expect(logger.messages).toEqual([
      'toolpipe/mcp: tool "a" of MCP server "custom" was not mounted: not for me',
    ])
    expect((await registry.execute(callInput('b'))).isError).toBe(false)
    expect(seen).toHaveLength(3)
  })
})

describe('hostile answers cost bounded work and give coded errors', () => {
  it('a result nested 10,000 levels deep is a protocol error result, not a stack overflow', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const peer = await peerWith('deep', (method) =>
      method === 'tools/list'
        ? { tools: [listedTool('deep')] }
        : new RawResult(`{"content":[],"structuredContent":{"x":${deep}}}`),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const result = await registry.execute(callInput('deep'))
    expect(result).toMatchObject({ isError: true, error: { code: 'NOT_JSON' } })
  })

  it('a 20 MB answer is read and handed on whole', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024)
    const peer = await peerWith('big', (method) =>
      method === 'tools/list'
        ? { tools: [listedTool('big')] }
        : new RawResult(`{"content":[{"type":"text","text":"${big}"}]}`),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const result = await registry.execute(callInput('big'))
    expect(result.isError).toBe(false)
    expect((result.content[0] as { text: string }).text).toHaveLength(big.length)
  })
})
