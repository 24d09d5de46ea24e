import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox, SandboxRuleView, SandboxViolation } from './sandbox-options.js'

// `violations` are the sandbox's own reports for the call (SPEC §23), and agree with the config
// in force for that run: paths from the rules and from settings read after the start included,
// before and after they change. On Linux the runtime's monitor fixes its lists when it starts,
// so a changed filesystem config restarts it between runs, never under a live one.
describe.runIf(onLinux)('violations under the config in force', () => {
  const live: Sandbox[] = []

  afterEach(async () => {
    await Promise.all(live.splice(0).map((sandbox) => sandbox.dispose()))
  })

  /** A project with `gen/` inside, and `cache/` and `other/` beside it. */
  function folders() {
    const project = projectFolder()
    const cache = join(dirname(project), 'cache')
    const other = join(dirname(project), 'other')
    for (const folder of [cache, other, join(project, 'gen')]) mkdirSync(folder)
    return { project, cache, other, gen: join(project, 'gen') }
  }

  function view(allowWrite: string[], denyWrite: string[]): SandboxRuleView {
    return { allowWrite, denyWrite, denyRead: [], allowedDomains: [], deniedDomains: [] }
  }

  const denied = (path: string): SandboxViolation => ({
    kind: 'write',
    target: path,
    detail: `deny openat ${path}`,
  })

  it('reports what the rules deny and nothing they allow, before and after they change', async () => {
    const { project, cache, other, gen } = folders()
    let rules = view([cache], [gen])
    const sandbox = await createSandbox({
      projectRoot: project,
      rules: { sandboxRules: () => rules },
      logger: { warn: () => undefined },
    })
    live.push(sandbox)
    const allowed = await sandbox.run(`echo a > ${cache}/a`, { callId: 'call_allowed' })
    expect(allowed).toMatchObject({ exitCode: 0, sandboxed: true, violations: [] })
    expect(readFileSync(join(cache, 'a'), 'utf8')).toBe('a\n')
    const refused = await sandbox.run('echo b > gen/b', { callId: 'call_refused' })
    expect(refused.exitCode).not.toBe(0)
    expect(existsSync(join(gen, 'b'))).toBe(false)
    expect(refused.violations).toEqual([denied(join(gen, 'b'))])

    // The rules change at run time: `other` writable, `cache` no longer, `gen` writable again.
    rules = view([other], [join(project, 'locked')])
    const after = await sandbox.run(`echo c > ${other}/c && echo d > gen/d`, { callId: 'call_2' })
    expect(after).toMatchObject({ exitCode: 0, violations: [] })
    expect(readFileSync(join(gen, 'd'), 'utf8')).toBe('d\n')
    const stopped = await sandbox.run(`echo e > ${cache}/e`, { callId: 'call_3' })
    expect(stopped.exitCode).not.toBe(0)
    expect(stopped.violations).toEqual([denied(join(cache, 'e'))])
    const locked = await sandbox.run('mkdir -p locked', { callId: 'call_4' })
    expect(locked.exitCode).not.toBe(0)
    expect(locked.violations.map(({ kind, target }) => ({ kind, target }))).toEqual([
      { kind: 'write', target: join(project, 'locked') },
    ])
  })

  it('follows filesystem settings read from a file after the start', async () => {
    const { project, cache, gen } = folders()
    const file = join(project, 'sandbox.json')
    writeFileSync(file, JSON.stringify({ sandbox: {} }))
    const sandbox = await createSandbox({
      projectRoot: project,
      sources: [{ kind: 'project', path: file }],
      logger: { warn: () => undefined },
    })
    live.push(sandbox)
    const before = await sandbox.run(`echo a > ${cache}/a; echo b > gen/b`, { callId: 'call_1' })
    expect(before.violations).toEqual([denied(join(cache, 'a'))])
    expect(readFileSync(join(gen, 'b'), 'utf8')).toBe('b\n')

    // `excludedCommands` shows when the watched file has been read again.
    const filesystem = { allowWrite: [cache], denyWrite: ['gen'] }
    writeFileSync(file, JSON.stringify({ sandbox: { excludedCommands: ['read'], filesystem } }))
    await eventually(() => !sandbox.willSandbox('read'), 'the settings file to be read again')
    const after = await sandbox.run(`echo a > ${cache}/a; echo c > gen/c`, { callId: 'call_2' })
    expect(readFileSync(join(cache, 'a'), 'utf8')).toBe('a\n')
    expect(existsSync(join(gen, 'c'))).toBe(false)
    expect(after.violations).toEqual([denied(join(gen, 'c'))])
  })

  /**
   * A sandbox whose rules let `cache` be written, and a first run started under them that stays
   * live until `release()` (then runs `then`); from then on the rules let `other` be written.
   */
  async function heldFirstRun(then: (cache: string) => string) {
    const { project, cache, other } = folders()
    let rules = view([cache], [])
    const sandbox = await createSandbox({
      projectRoot: project,
      rules: { sandboxRules: () => rules },
      logger: { warn: () => undefined },
    })
    live.push(sandbox)
    const first = sandbox.run(
      `touch started; while [ ! -e go ]; do sleep 0.05; done; ${then(cache)}`,
      { callId: 'call_first' },
    )
    await eventually(() => existsSync(join(project, 'started')), 'the first run to start')
    rules = view([other], [])
    const release = () => {
      writeFileSync(join(project, 'go'), '')
    }
    return { cache, other, sandbox, first, release }
  }

  it('restarts its monitor for a changed config only once no run is live', async () => {
    const { cache, other, sandbox, first, release } = await heldFirstRun(
      (cache) => `echo a > ${cache}/a`,
    )
    let secondDone = false
    const second = sandbox.run(`echo b > ${other}/b; echo c > ${cache}/c`, {
      callId: 'call_second',
    })
    void second.then(() => (secondDone = true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    // The second waits for the first: its config needs the monitor restarted.
    expect(secondDone).toBe(false)
    release()
    const [one, two] = await Promise.all([first, second])
    expect(one).toMatchObject({ exitCode: 0, violations: [] })
    expect(readFileSync(join(cache, 'a'), 'utf8')).toBe('a\n')
    expect(readFileSync(join(other, 'b'), 'utf8')).toBe('b\n')
    expect(existsSync(join(cache, 'c'))).toBe(false)
    expect(two.violations).toEqual([denied(join(cache, 'c'))])
  })

  it('lets a run waiting for that restart be aborted: it rejects and runs nothing', async () => {
    const { other, sandbox, first, release } = await heldFirstRun(() => 'true')
    const stop = new AbortController()
    const waiting = sandbox.run(`touch ${other}/ran`, { callId: 'call_2', signal: stop.signal })
    stop.abort(new Error('no longer wanted'))
    await expect(waiting).rejects.toThrow('no longer wanted')
    release()
    expect(await first).toMatchObject({ exitCode: 0, violations: [] })
    expect(existsSync(join(other, 'ran'))).toBe(false)
  })
})

if (!onLinux) it.skip(`violations under the config in force: ${notLinux}`, () => undefined)
