import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDecision } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import {
  notLinux,
  onLinux,
  pathOf,
  projectFolder,
  recordingLogger,
  shellTool,
} from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import { createSandbox } from './create-sandbox.js'
import { SandboxError } from './sandbox-error.js'
import type { Sandbox, SandboxOptions } from './sandbox-options.js'

// Fail closed (SPEC §23): a sandbox that cannot start refuses every run with its reason, never
// a silent unsandboxed run; unsandboxed runs happen only where the options or settings say so,
// and each is on the call's record.
describe.runIf(onLinux)('fail closed', () => {
  const path = process.env.PATH
  const start = startedSandboxes()

  /** A registry with the `run_shell` tool running its command in `sandbox`, and its records. */
  function shellRegistry(sandbox: Sandbox) {
    const registry = createToolRegistry()
    const decisions: ToolDecision[] = []
    registry.on('tools/decision', (_exec, decision) => {
      decisions.push(decision)
    })
    registry.use(sandbox)
    registry.register(shellTool(sandbox))
    return { registry, decisions }
  }

  it.each([
    ['bwrap', ['socat', 'rg'], 'bubblewrap (bwrap) not installed'],
    ['socat', ['bwrap', 'rg'], 'socat not installed'],
    ['rg', ['bwrap', 'socat'], 'ripgrep (rg) not found'],
  ])(
    'without %s: unavailable, naming it, and every run refused',
    async (_missing, kept, reason) => {
      process.env.PATH = pathOf(kept)
      const sandbox = await start()
      process.env.PATH = path
      expect(sandbox.available).toBe(false)
      expect(sandbox.reason).toContain(reason)
      expect(sandbox.willSandbox('ls')).toBe(false)
      const refused = await sandbox
        .run('touch ran', { callId: 'call_refused' })
        .catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(SandboxError)
      expect(refused).toMatchObject({ code: 'SANDBOX_UNAVAILABLE' })
      expect((refused as Error).message).toContain(reason)
    },
  )

  it("with unavailable: 'run-unsandboxed', runs without it and puts that on the call's record", async () => {
    process.env.PATH = pathOf(['socat', 'rg'])
    const sandbox = await start({ unavailable: 'run-unsandboxed' })
    process.env.PATH = path
    const { registry, decisions } = shellRegistry(sandbox)
    const result = await registry.execute({
      callId: 'call_1' as never,
      name: 'run_shell',
      arguments: { command: 'echo hi' },
    })
    expect(result).toMatchObject({
      content: [{ type: 'text', text: '0 hi\n' }],
      meta: { sandboxed: false },
    })
    expect(decisions).toEqual([
      {
        stage: 'guard',
        outcome: 'allow',
        source: { kind: 'sandbox', id: 'unavailable' },
        reason: 'ran without the sandbox: bubblewrap (bwrap) not installed',
      },
    ])
  })

  it('runs dangerouslyDisableSandbox unsandboxed where allowed, on the record', async () => {
    const sandbox = await start()
    const { registry, decisions } = shellRegistry(sandbox)
    const result = await registry.execute({
      callId: 'call_2' as never,
      name: 'run_shell',
      arguments: { command: 'echo out', dangerouslyDisableSandbox: true },
    })
    expect(result).toMatchObject({
      content: [{ type: 'text', text: '0 out\n' }],
      meta: { sandboxed: false },
    })
    expect(decisions).toMatchObject([
      { stage: 'guard', source: { kind: 'sandbox', id: 'dangerouslyDisableSandbox' } },
    ])
  })

  it('refuses dangerouslyDisableSandbox with SANDBOX_REQUIRED where allowUnsandboxedCommands is false', async () => {
    const sandbox = await start({ settings: { allowUnsandboxedCommands: false } })
    await expect(
      sandbox.run('touch ran', { callId: 'call_3', dangerouslyDisableSandbox: true }),
    ).rejects.toMatchObject({ name: 'SandboxError', code: 'SANDBOX_REQUIRED' })
  })

  it.each<[string, Partial<SandboxOptions>, string]>([
    ['unavailable', {}, 'SANDBOX_UNAVAILABLE'],
    ['unavailable', { settings: { allowUnsandboxedCommands: false } }, 'SANDBOX_UNAVAILABLE'],
    [
      "unavailable with 'run-unsandboxed'",
      { unavailable: 'run-unsandboxed', settings: { allowUnsandboxedCommands: false } },
      'SANDBOX_REQUIRED',
    ],
  ])(
    'refuses dangerouslyDisableSandbox while %s (%j): %s, fail closed first',
    async (_state, options, code) => {
      const project = projectFolder()
      const sandbox = await start({
        projectRoot: project,
        ...options,
        settings: { ...options.settings, enabled: false },
      })
      expect(sandbox.reason).toBe('disabled in settings')
      await expect(
        sandbox.run('touch ran', { callId: 'call_10', dangerouslyDisableSandbox: true }),
      ).rejects.toMatchObject({ name: 'SandboxError', code })
      expect(existsSync(join(project, 'ran'))).toBe(false)
    },
  )

  it('runs an excluded command outside, and only a plain one', async () => {
    const sandbox = await start({ settings: { excludedCommands: ['touch'] } })
    expect(sandbox.willSandbox('touch /tmp/x')).toBe(false)
    expect(sandbox.willSandbox('touch x; rm -rf ~')).toBe(true)
    const outside = join(projectFolder(), '..', 'excluded.txt')
    expect(await sandbox.run(`touch ${outside}`, { callId: 'call_4' })).toMatchObject({
      exitCode: 0,
      sandboxed: false,
    })
    expect(await sandbox.run(`touch ${outside}2 && true`, { callId: 'call_5' })).toMatchObject({
      exitCode: 1,
      sandboxed: true,
    })
  })

  it('is unavailable while the settings say enabled: false, and follows the file', async () => {
    const project = projectFolder()
    const file = join(project, 'settings.json')
    writeFileSync(file, JSON.stringify({ sandbox: { enabled: false } }))
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: file }],
    })
    expect(sandbox.reason).toBe('disabled in settings')
    await expect(sandbox.run('true', { callId: 'call_6' })).rejects.toMatchObject({
      code: 'SANDBOX_UNAVAILABLE',
    })
    writeFileSync(file, JSON.stringify({ sandbox: { enabled: true } }))
    for (let tries = 0; tries < 300 && !sandbox.available; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sandbox.available).toBe(true)
    expect(await sandbox.run('true', { callId: 'call_7' })).toMatchObject({
      exitCode: 0,
      sandboxed: true,
    })
  })

  it('warns once about a sandbox setting it does not know, and keeps the rest', async () => {
    const logger = recordingLogger()
    const sandbox = await start({
      settings: { enabled: true, network: { allowedDomain: ['x'] } } as never,
      logger,
    })
    expect(sandbox.available).toBe(true)
    expect(logger.warnings).toEqual([
      'toolpipe: settings.network.allowedDomain is not a setting @toolpipe/sandbox reads; ignored',
    ])
  })

  it.each([
    [false, 'npm-in-env|sk-in-env|given'],
    [true, '||'],
  ])(
    'scrubEnv %s: commands get %j of the secret-named variables (SPEC §25)',
    async (scrubEnv, expected) => {
      process.env.TOOLPIPE_TEST_NPM_TOKEN = 'npm-in-env'
      try {
        const sandbox = await start({ scrubEnv })
        const line =
          'printf "%s|%s|%s" "$TOOLPIPE_TEST_NPM_TOKEN" "$TOOLPIPE_TEST_API_KEY" "$TOOLPIPE_TEST_PASSWORD"'
        const inherited = await sandbox.run(line, { callId: 'call_env_1' })
        const given = await sandbox.run(line, {
          callId: 'call_env_2',
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            TOOLPIPE_TEST_API_KEY: 'sk-in-env',
            TOOLPIPE_TEST_PASSWORD: 'given',
          },
        })
        const [fromProcess] = inherited.stdout.split('|')
        const [, key, password] = given.stdout.split('|')
        expect([fromProcess, key, password].join('|')).toBe(expected)
      } finally {
        delete process.env.TOOLPIPE_TEST_NPM_TOKEN
      }
    },
  )

  it('is one per process: a second is refused with SANDBOX_BUSY until the first is disposed', async () => {
    const first = await start()
    await expect(createSandbox({ projectRoot: projectFolder() })).rejects.toMatchObject({
      name: 'SandboxError',
      code: 'SANDBOX_BUSY',
    })
    await first.dispose()
    await expect(first.run('true', { callId: 'call_8' })).rejects.toMatchObject({
      code: 'SANDBOX_UNAVAILABLE',
    })
    const second = await start()
    expect(second.available).toBe(true)
  })

  it('ends a live run when disposed', async () => {
    const sandbox = await start()
    const running = sandbox.run('sleep 30', { callId: 'call_9' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await sandbox.dispose()
    expect(await running).toMatchObject({ exitCode: null, signal: 'SIGKILL' })
  })

  it('ends a run whose process has not started yet as one killed at once, when disposed', async () => {
    const sandbox = await start()
    // Disposed before the run has entered the runtime: the command never starts.
    const disposed = sandbox.run('echo ran', { callId: 'call_10' })
    await sandbox.dispose()
    expect(await disposed).toMatchObject({
      exitCode: null,
      signal: 'SIGKILL',
      stdout: '',
      sandboxed: true,
    })
  })
})

describe('options it cannot use', () => {
  it.each<[unknown, string]>([
    [undefined, 'createSandbox: projectRoot must be an absolute path, got undefined'],
    [{ projectRoot: 'app' }, 'createSandbox: projectRoot must be an absolute path, got "app"'],
    [{ projectRoot: '/p', unavailable: 'ignore' }, 'createSandbox: unavailable must be'],
    [
      { projectRoot: '/p', sources: [{ kind: 'team', path: 'x' }] },
      'createSandbox: sources[0].kind must be one of',
    ],
    [{ projectRoot: '/p', rules: {} }, 'createSandbox: rules must be a permissions() plugin'],
    [
      { projectRoot: '/p', rules: () => undefined },
      'createSandbox: rules must be a permissions() plugin',
    ],
    [{ projectRoot: '/p', logger: {} }, 'createSandbox: logger must have a warn function'],
    [{ projectRoot: '/p', logger: null }, 'createSandbox: logger must have a warn function'],
  ])('%j is refused: %s', async (options, message) => {
    const refused = await createSandbox(options as SandboxOptions).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SandboxError)
    expect(refused).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect((refused as Error).message).toContain(message)
  })
})

if (!onLinux) it.skip(`fail closed on the real sandbox: ${notLinux}`, () => undefined)
