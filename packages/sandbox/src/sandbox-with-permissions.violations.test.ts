import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { permissions } from '@toolpipe/permissions'
import type { PermissionsPlugin } from '@toolpipe/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox, SandboxViolation } from './sandbox-options.js'

// The rules of a permissions() plugin feed the sandbox's config (SPEC §23), and a run's
// `violations` agree with it: a write the rules allow is no violation, a write they deny is one,
// and so again once the rules file changes while the sandbox runs.
describe.runIf(onLinux)('violations under the rules of a permissions() plugin', () => {
  let project: string
  let extra: string
  let cache: string
  let file: string
  let sandbox: Sandbox
  let rules: PermissionsPlugin

  const writeRules = (rules: object): void => {
    writeFileSync(file, JSON.stringify({ permissions: rules }))
  }

  const denied = (path: string): SandboxViolation => ({
    kind: 'write',
    target: path,
    detail: `deny openat ${path}`,
  })

  beforeAll(async () => {
    project = projectFolder()
    extra = join(dirname(project), 'extra')
    cache = join(dirname(project), 'cache')
    for (const folder of [extra, cache, join(project, 'gen'), join(project, '.toolpipe')])
      mkdirSync(folder)
    file = join(project, '.toolpipe', 'settings.json')
    writeRules({
      additionalDirectories: [extra],
      allow: [`Edit(/${cache}/**)`],
      deny: ['Edit(/gen/**)'],
    })
    const sources = [{ kind: 'project' as const, path: '.toolpipe/settings.json' }]
    sandbox = await createSandbox({
      projectRoot: project,
      sources,
      rules: { sandboxRules: () => rules.sandboxRules() },
      logger: { warn: () => undefined },
    })
    expect(
      sandbox.reason,
      'install bubblewrap socat ripgrep to run the real sandbox',
    ).toBeUndefined()
    rules = permissions({
      projectRoot: project,
      sources,
      sandbox,
      logger: { warn: () => undefined },
    })
    await rules.ready
  })

  afterAll(async () => {
    await sandbox.dispose()
  })

  it('runs a write the rules allow (additionalDirectories, an Edit allow rule) with no violation', async () => {
    const run = await sandbox.run(`echo a > ${extra}/a && echo b > ${cache}/b`, {
      callId: 'call_allowed',
    })
    expect(run).toMatchObject({ exitCode: 0, sandboxed: true, violations: [] })
    expect(readFileSync(join(extra, 'a'), 'utf8')).toBe('a\n')
    expect(readFileSync(join(cache, 'b'), 'utf8')).toBe('b\n')
  })

  it('stops a write an Edit deny rule names, and reports it', async () => {
    const run = await sandbox.run('echo c > gen/c', { callId: 'call_denied' })
    expect(run.exitCode).not.toBe(0)
    expect(existsSync(join(project, 'gen', 'c'))).toBe(false)
    expect(run.violations).toEqual([denied(join(project, 'gen', 'c'))])
  })

  it('agrees with the rules again once their file changes', async () => {
    // Written from outside the sandbox (a person editing it): no command could.
    writeRules({ allow: [], deny: [`Edit(/${extra}/**)`] })
    await eventually(
      () => rules.sandboxRules().denyWrite.includes(extra),
      'the rules file to be read again',
    )
    const allowed = await sandbox.run('echo d > gen/d', { callId: 'call_allowed_now' })
    expect(allowed).toMatchObject({ exitCode: 0, violations: [] })
    expect(readFileSync(join(project, 'gen', 'd'), 'utf8')).toBe('d\n')
    const refused = await sandbox.run(`echo e > ${extra}/e; echo f > ${cache}/f`, {
      callId: 'call_denied_now',
    })
    expect(refused.exitCode).not.toBe(0)
    expect([existsSync(join(extra, 'e')), existsSync(join(cache, 'f'))]).toEqual([false, false])
    expect(refused.violations).toEqual([denied(join(extra, 'e')), denied(join(cache, 'f'))])
  })
})

if (!onLinux)
  it.skip(`violations under the rules of a permissions() plugin: ${notLinux}`, () => undefined)
