import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { useServerFilesystem } from '@toolpipe/adapter-testkit'
import { describe, expect, it } from 'vitest'
import { mountMcpTools } from './mount-mcp-tools.js'

/**
 * SPEC §22's first rule against a real server: `@modelcontextprotocol/server-filesystem` in a
 * child process over stdio, its `read_text_file` mounted, called as a strict model calls it, with
 * `null` for the optional `head` and `tail` it leaves out (before, the local check refused them:
 * `"head" must be a number, got null`).
 */

const running = useServerFilesystem()

describe('server-filesystem mounted over stdio, called by a strict model', () => {
  it('reads a file with optional members sent as null, and still honours the ones given', async () => {
    const server = running()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, server.client, { prefix: 'fs' })
    expect(mount.names).toContain('fs_read_text_file')
    const [schema] = registry
      .schemas(undefined, { dialect: 'openai-strict' })
      .filter(({ name }) => name === 'fs_read_text_file')
    expect(schema).toMatchObject({
      strict: true,
      parameters: {
        properties: { head: { type: ['number', 'null'] }, tail: { type: ['number', 'null'] } },
      },
    })
    const read = (args: unknown) =>
      registry.execute({ callId: asCallId('c1'), name: 'fs_read_text_file', arguments: args })
    expect(await read({ path: server.file, head: null, tail: null })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'one\ntwo\nthree\n' }],
    })
    expect(await read({ path: server.file, head: 1, tail: null })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'one' }],
    })
  })
})
