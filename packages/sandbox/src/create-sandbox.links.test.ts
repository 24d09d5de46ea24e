import { lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

const isLink = (path: string): boolean => lstatSync(path).isSymbolicLink()

// "A sandboxed command can never rewrite what governs it" (SPEC §23): the runtime denies a
// governing path at its target, so a link on the way to it, in a folder a command may write,
// could be replaced — unless its folder is denied, or the sandbox refuses to start.
describe.runIf(onLinux)('a governing path behind a symlink, on the real sandbox (SPEC §23)', () => {
  const start = startedSandboxes()

  it.each([
    ['.toolpipe', 'dot/tp', '.toolpipe/settings.json'],
    ['.claude', 'dot/claude', '.claude/settings.json'],
    ['agent.json', 'dot/tp/agent.json', 'agent.json'],
  ])('refuses to start where %s is a link in the project root', async (link, target, source) => {
    const project = projectFolder()
    mkdirSync(join(project, 'dot', 'tp'), { recursive: true })
    mkdirSync(join(project, 'dot', 'claude'))
    writeFileSync(join(project, 'dot', 'tp', 'agent.json'), '{}')
    symlinkSync(target, join(project, link))
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: source }],
    })
    expect(sandbox.available).toBe(false)
    expect(sandbox.reason).toContain(`symlink ${join(project, link)}`)
    await expect(sandbox.run('true', { callId: 'call_link' })).rejects.toMatchObject({
      code: 'SANDBOX_UNAVAILABLE',
    })
  })

  it('refuses to start where a link on the way to the link’s target is in the project root', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'store', 'tp'), { recursive: true })
    mkdirSync(join(project, 'conf'))
    symlinkSync('store', join(project, 'dot'))
    symlinkSync('../dot/tp', join(project, 'conf', 'tp'))
    writeFileSync(join(project, 'store', 'tp', 'settings.json'), '{}')
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: 'conf/tp/settings.json' }],
    })
    expect(sandbox.available).toBe(false)
    expect(sandbox.reason).toContain(`symlink ${join(project, 'dot')}`)
  })

  it('denies the folder of a linked .git/hooks, so the link cannot be replaced', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'githooks'))
    const hooks = join(project, '.git', 'hooks')
    // A shared hooks folder, a common setup.
    rmSync(hooks, { recursive: true })
    symlinkSync('../githooks', hooks)
    const sandbox = await start({ projectRoot: project })
    expect(sandbox.available).toBe(true)
    const run = await sandbox.run(
      'rm .git/hooks && mkdir .git/hooks && echo evil > .git/hooks/pre-commit',
      { callId: 'call_hooks' },
    )
    expect(run.exitCode).not.toBe(0)
    expect(isLink(hooks)).toBe(true)
  })

  it('denies the target of a linked file inside a denied folder (SPEC §23)', async () => {
    const project = projectFolder()
    mkdirSync(join(project, '.toolpipe'))
    mkdirSync(join(project, 'dot'))
    writeFileSync(join(project, 'dot', 'settings.json'), '{}')
    symlinkSync('../dot/settings.json', join(project, '.toolpipe', 'settings.json'))
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: '.toolpipe/settings.json' }],
    })
    const run = await sandbox.run('echo \'{"sandbox":{"enabled":false}}\' > dot/settings.json', {
      callId: 'call_target',
    })
    expect(run.exitCode).not.toBe(0)
    expect(readFileSync(join(project, 'dot', 'settings.json'), 'utf8')).toBe('{}')
  })

  it('denies the folder of a linked source file below the root, so the link cannot be replaced', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'conf'))
    mkdirSync(join(project, 'dot'))
    writeFileSync(join(project, 'dot', 'agent.json'), '{}')
    symlinkSync('../dot/agent.json', join(project, 'conf', 'agent.json'))
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: 'conf/agent.json' }],
    })
    expect(sandbox.available).toBe(true)
    const run = await sandbox.run(
      'rm conf/agent.json; echo \'{"sandbox":{"excludedCommands":["python3"]}}\' > conf/agent.json',
      { callId: 'call_source' },
    )
    expect(run.exitCode).not.toBe(0)
    expect(isLink(join(project, 'conf', 'agent.json'))).toBe(true)
    expect(readFileSync(join(project, 'dot', 'agent.json'), 'utf8')).toBe('{}')
    expect(sandbox.willSandbox('python3 x')).toBe(true)
  })
})
