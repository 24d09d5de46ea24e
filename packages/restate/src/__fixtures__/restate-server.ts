import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePorts } from './free-port.js'
import { startProcessGroup } from './child-process-group.js'
import type { ProcessGroup } from './child-process-group.js'

/** A `restate-server` started for a test: its URLs, its log, and how to stop it. */
export interface RestateServer {
  /** The HTTP ingress, such as `http://127.0.0.1:40123`. */
  readonly ingress: string
  /** The admin API. */
  readonly admin: string
  /** The last lines of the server's log, for failure messages. */
  logTail(lines?: number): string
  /** A new folder for the test's own files, removed with the server's data folder. */
  scratchFolder(name: string): Promise<string>
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data folder. */
  stop(): Promise<void>
}

/**
 * The `restate-server` binary the npm package `@restatedev/restate-server` ships for this
 * platform (in an optional dependency of it).
 */
function serverBinary(): string {
  const require = createRequire(import.meta.url)
  const launcher = require.resolve('@restatedev/restate-server/package.json')
  const platformPackage = `@restatedev/restate-server-${process.platform}-${process.arch}`
  try {
    return createRequire(launcher).resolve(`${platformPackage}/bin/restate-server`)
  } catch (error) {
    throw new Error(
      `the restate-server binary for ${process.platform}-${process.arch} is not installed (${platformPackage}); the npm package ships linux-x64, linux-arm64, darwin-x64 and darwin-arm64`,
      { cause: error },
    )
  }
}

/**
 * Starts a single-node `restate-server` on free ports, with its data in a fresh temporary folder,
 * a retry policy fast enough for tests (a killed service is retried within a second), and waits
 * until its admin API and ingress answer.
 */
export async function startRestateServer(): Promise<RestateServer> {
  const binary = serverBinary()
  const baseDir = await mkdtemp(join(tmpdir(), 'toolpipe-restate-'))
  const [ingressPort, adminPort, nodePort] = await freePorts(3)
  const config = join(baseDir, 'restate.toml')
  await writeFile(
    config,
    `cluster-name = "toolpipe-test"
default-num-partitions = 2
disable-telemetry = true
rocksdb-total-memory-size = "256 MiB"
bind-address = "127.0.0.1:${nodePort}"
advertised-address = "http://127.0.0.1:${nodePort}/"
log-disable-ansi-codes = true

[admin]
bind-address = "127.0.0.1:${adminPort}"
disable-web-ui = true

[ingress]
bind-address = "127.0.0.1:${ingressPort}"

[default-retry-policy]
initial-interval = "100ms"
exponentiation-factor = 1.5
max-interval = "1s"
max-attempts = 600
on-max-attempts = "kill"
`,
  )
  const server = startProcessGroup({
    command: binary,
    args: ['--config-file', config, '--base-dir', baseDir, '--listen-mode', 'tcp', '--no-logo'],
    removeOnOrphan: baseDir,
  })
  const ingress = `http://127.0.0.1:${ingressPort}`
  const admin = `http://127.0.0.1:${adminPort}`
  const stop = async () => {
    await server.stop(10_000)
    await rm(baseDir, { recursive: true, force: true })
  }
  try {
    await waitUntilReady(server, [`${admin}/health`, `${ingress}/restate/health`], 90_000)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    ingress,
    admin,
    logTail: (lines) => server.tail(lines),
    scratchFolder: async (name) => {
      const folder = join(baseDir, 'scratch', name)
      await mkdir(folder, { recursive: true })
      return folder
    },
    stop,
  }
}

async function waitUntilReady(server: ProcessGroup, urls: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  const state = { exited: false }
  void server.exited.then(() => (state.exited = true))
  for (const url of urls) {
    for (;;) {
      if (state.exited) {
        throw new Error(
          `restate-server exited while starting; its log ends with:\n${server.tail()}`,
        )
      }
      const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) break
      if (Date.now() > deadline) {
        throw new Error(
          `restate-server did not answer ${url} within ${timeoutMs} ms; its log ends with:\n${server.tail()}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
