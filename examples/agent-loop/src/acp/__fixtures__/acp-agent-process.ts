import { spawn } from 'node:child_process'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { ndJsonStream } from '@agentclientprotocol/sdk'
import type { Stream } from '@agentclientprotocol/sdk'

const packageRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** The demo running as an ACP agent in a child process, as an editor launches it. */
export interface AcpAgentProcess {
  /** The SDK's stream over the child's stdin and stdout. */
  readonly stream: Stream
  /** Everything the child wrote to stdout so far: it must be JSON-RPC and nothing else. */
  stdout(): string
  stderr(): string
  /** Closes the child's stdin (what an editor does to stop an agent) and waits for its exit. */
  stop(): Promise<number | null>
}

/**
 * Spawns `node --import tsx src/main.ts --acp …` with a clean environment (no model variables, so
 * the scripted model) and joins the SDK's `ndJsonStream` to its stdio. stdout is also recorded
 * byte for byte, to check that the protocol is all it carries.
 */
export function spawnAcpAgent(args: readonly string[]): AcpAgentProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--acp', ...args], {
    cwd: packageRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const stdout: string[] = []
  const stderr: string[] = []
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  let open = true
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout.push(chunk.toString('utf8'))
        if (open) controller.enqueue(new Uint8Array(chunk))
      })
      child.stdout.on('end', () => {
        if (open) controller.close()
        open = false
      })
    },
    cancel() {
      // The SDK stopped reading (its connection closed); stdout is still recorded.
      open = false
    },
  })
  const output = Writable.toWeb(child.stdin) as WritableStream<Uint8Array>
  return {
    stream: ndJsonStream(output, input),
    stdout: () => stdout.join(''),
    stderr: () => stderr.join(''),
    async stop() {
      if (!child.stdin.destroyed) child.stdin.end()
      return exited
    },
  }
}
