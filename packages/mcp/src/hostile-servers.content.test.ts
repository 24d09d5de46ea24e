import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useWirePeers } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { listedTool } from './__fixtures__/wire-peer.js'

// SPEC §22: "The content blocks a tool (or a mounted server, or a wrapper) returns are checked …
// a malformed block … makes the call the error result InvalidContentError / INVALID_CONTENT
// naming the block's index" — for a server whose answer the SDK's own schema would refuse whole.

const { peerWith } = useWirePeers()

async function callAnswering(content: unknown) {
  const peer = await peerWith('odd', (method) =>
    method === 'tools/list' ? { tools: [listedTool('odd')] } : { content },
  )
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  await mountMcpTools(registry, peer.client)
  return registry.execute(callInput('odd'))
}

describe('a mounted server’s malformed content block', () => {
  it.each([
    [
      'a text block whose text is a number',
      [
        { type: 'text', text: 'ok' },
        { type: 'text', text: 5 },
      ],
      1,
    ],
    ['an image without its data', [{ type: 'image', mimeType: 'image/png' }], 0],
    [
      'a resource without its resource',
      [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }, { type: 'resource' }],
      2,
    ],
    ['a block that is no object', [7], 0],
  ])('%s fails the call with INVALID_CONTENT naming its index', async (_label, content, index) => {
    const result = await callAnswering(content)
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'InvalidContentError', code: 'INVALID_CONTENT' })
    expect((result.content[0] as { text: string }).text).toContain(`content[${String(index)}]`)
  })

  it('reads a block of a kind MCP may add later as its JSON text, and good blocks as before', async () => {
    const result = await callAnswering([
      { type: 'text', text: 'first' },
      { type: 'hologram', frames: 3 },
    ])
    expect(result).toMatchObject({
      isError: false,
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: '{"type":"hologram","frames":3}' },
      ],
    })
  })
})
