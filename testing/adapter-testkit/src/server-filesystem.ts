import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll } from 'vitest'

/**
 * The mount options the strict-mode tests use: server-filesystem's `read_text_file` alone, as
 * `fs_read_text_file` (`mountMcpTools(registry, server.client, readTextFileMount)`).
 */
export const readTextFileMount = {
  prefix: 'fs',
  include: (tool: Tool): boolean => tool.name === 'read_text_file',
} as const

/** A running server-filesystem and the client connected to it. */
export interface ServerFilesystem {
  readonly client: Client
  /** The directory the server may read, holding `a.txt` (`one\ntwo\nthree\n`). */
  readonly root: string
  /** The path of `a.txt`. */
  readonly file: string
  /** Closes the client, which ends the child process, and removes the directory. */
  close(): Promise<void>
}

/**
 * `@modelcontextprotocol/server-filesystem`, the MCP project's own file server, in a child
 * process over stdio (the SDK's `StdioClientTransport`), allowed one temporary directory with one
 * file in it.
 */
export async function serverFilesystem(): Promise<ServerFilesystem> {
  const entry = createRequire(import.meta.url).resolve(
    '@modelcontextprotocol/server-filesystem/dist/index.js',
  )
  // The server resolves symlinks in the directories it allows: it is given the real path.
  const root = await realpath(await mkdtemp(join(tmpdir(), 'toolpipe-fs-')))
  const file = join(root, 'a.txt')
  await writeFile(file, 'one\ntwo\nthree\n')
  const client = new Client({ name: 'toolpipe-test', version: '1.0.0' })
  try {
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [entry, root], stderr: 'pipe' }),
    )
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
  return {
    client,
    root,
    file,
    async close() {
      await client.close()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/**
 * {@link serverFilesystem} for the tests of one file: started before them (vitest's `beforeAll`)
 * and closed after them (`afterAll`). Call it at the top of the file; the function it returns
 * gives the running server inside a test.
 */
export function useServerFilesystem(): () => ServerFilesystem {
  let server: ServerFilesystem | undefined
  beforeAll(async () => {
    server = await serverFilesystem()
  })
  afterAll(async () => {
    await server?.close()
  })
  return () => {
    if (server === undefined) throw new Error('useServerFilesystem: the server is not running')
    return server
  }
}
