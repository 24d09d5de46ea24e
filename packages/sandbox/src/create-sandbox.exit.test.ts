import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox } from './sandbox-options.js'

// SPEC §23's SandboxRun: `exitCode: number | null; signal: string | null` — the exit code, or
// null and the signal when a signal ended the command, sandboxed or not. Bubblewrap turns a
// signal into the exit code 128 + n, which a command may exit with too: the two must not be
// confused either way.
describe.runIf(onLinux)('how a sandboxed command ended (SPEC §23)', () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await createSandbox({
      projectRoot: projectFolder(),
      logger: { warn: () => undefined },
    })
    expect(
      sandbox.reason,
      'install bubblewrap socat ripgrep to run the real sandbox',
    ).toBeUndefined()
  })

  afterAll(async () => {
    await sandbox.dispose()
  })

  it.each([
    ['kill -TERM $$', 'SIGTERM'],
    ['kill -KILL $$', 'SIGKILL'],
    ['sh -c "kill -SEGV \\$\\$"', 'SIGSEGV'],
  ])('`%s`: exitCode null and signal %s, as unsandboxed', async (command, signal) => {
    const sandboxed = await sandbox.run(command, { callId: 'call_signal' })
    const unsandboxed = await sandbox.run(command, {
      callId: 'call_signal_unsandboxed',
      dangerouslyDisableSandbox: true,
    })
    expect(sandboxed).toMatchObject({ exitCode: null, signal, sandboxed: true })
    expect(unsandboxed).toMatchObject({ exitCode: null, signal, sandboxed: false })
  })

  it.each([143, 137, 139, 129, 255, 3, 0])(
    '`exit %i`: that exit code and no signal, as unsandboxed',
    async (code) => {
      const command = `echo before; exit ${String(code)}`
      for (const dangerouslyDisableSandbox of [false, true]) {
        const run = await sandbox.run(command, { callId: 'call_exit', dangerouslyDisableSandbox })
        expect(run).toMatchObject({ exitCode: code, signal: null, stdout: 'before\n' })
      }
    },
  )

  it('keeps what a command wrote before a signal ended it', async () => {
    const run = await sandbox.run('echo out; echo err >&2; kill -TERM $$', {
      callId: 'call_signal_output',
    })
    expect(run).toMatchObject({
      exitCode: null,
      signal: 'SIGTERM',
      stdout: 'out\n',
      stderr: 'err\n',
    })
  })

  it('gives the command its own process: no descriptor of the report is open in it', async () => {
    const run = await sandbox.run('[ -e /proc/$$/fd/3 ] && echo open || echo closed', {
      callId: 'call_descriptors',
    })
    expect(run.stdout).toBe('closed\n')
  })
})

if (!onLinux) it.skip(`how a sandboxed command ended: ${notLinux}`, () => undefined)
