import { readFileSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { onLinux, recordingLogger } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** The sandbox runtime's package folder as installed here, and this package's (real paths). */
const runtime = realpathSync(
  dirname(createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json')),
)
const own = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '..'))
const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
const helper = join(runtime, 'vendor', 'seccomp', arch, 'apply-seccomp')
const agent = join(runtime, 'vendor', 'java-proxy-agent', 'srt-proxy-agent.jar')

/** Which file `path` is and what it holds, to see it unchanged. */
function snapshot(path: string): string {
  const stat = statSync(path)
  return `${String(stat.ino)}:${String(stat.mtimeMs)}:${readFileSync(path).toString('base64')}`
}

// "A sandboxed command can never rewrite what governs it" (SPEC §23): the runtime starts its own
// seccomp helper inside the sandbox, before the filter it puts on (no unix sockets) is on. A
// project whose node_modules holds the harness is a folder commands may write: simulated here by
// an allowWrite that names the runtime's package folder.
describe.runIf(onLinux)('the runtime’s own files, where commands may write (SPEC §23)', () => {
  const start = startedSandboxes()

  it('lets no command rewrite, move or touch the seccomp helper or the Java agent', async () => {
    const sandbox = await start({ settings: { filesystem: { allowWrite: [runtime] } } })
    expect(sandbox.available).toBe(true)
    const before = [snapshot(helper), snapshot(agent)]
    // Each would leave the file as it was where it succeeded: the test never breaks the install.
    for (const file of [helper, agent]) {
      for (const line of [
        `touch -c ${file}`,
        `mv ${file} ${file}.moved && mv ${file}.moved ${file}`,
      ]) {
        const run = await sandbox.run(line, { callId: 'call_runtime_file' })
        expect(run.exitCode, line).not.toBe(0)
      }
    }
    expect([snapshot(helper), snapshot(agent)]).toEqual(before)
    // The rest of the folder stays writable, and the next run still has its seccomp filter.
    const sibling = join(dirname(helper), 'toolpipe-test-file')
    const write = await sandbox.run(`echo x > ${sibling} && rm ${sibling}`, { callId: 'call_sib' })
    expect(write.exitCode).toBe(0)
    const socket = await sandbox.run(
      `perl -MSocket -e 'socket(my $s, AF_UNIX, SOCK_STREAM, 0) or exit 3'`,
      { callId: 'call_unix_socket' },
    )
    expect(socket.exitCode).toBe(3)
  })

  it('warns once where the runtime’s code lies in a folder commands may write', async () => {
    const logger = recordingLogger()
    const sandbox = await start({ logger, settings: { filesystem: { allowWrite: [runtime] } } })
    await sandbox.run('true', { callId: 'call_after_warning' })
    const warnings = logger.warnings.filter((warning) => warning.includes(runtime))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('install the harness outside the folders commands may write')
    expect(warnings[0]).not.toContain('@toolpipe/sandbox in')
  })

  it('warns once where this package’s own code does, and not where neither does', async () => {
    const logger = recordingLogger()
    const first = await start({
      logger,
      settings: { filesystem: { allowWrite: [join(own, 'dist')] } },
    })
    expect(logger.warnings.filter((warning) => warning.includes('@toolpipe/sandbox in'))).toEqual([
      expect.stringContaining(
        `@toolpipe/sandbox in ${own} (commands may write ${join(own, 'dist')})`,
      ),
    ])
    await first.dispose()
    const quiet = recordingLogger()
    const sandbox = await start({ logger: quiet })
    await sandbox.run('true', { callId: 'call_quiet' })
    expect(quiet.warnings).toEqual([])
  })
})
