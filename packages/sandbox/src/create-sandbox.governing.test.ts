import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// "A sandboxed command can never rewrite what governs it: every settings source, the
// persisted-rules file and hook settings are always write-denied inside the sandbox, and so are
// `.git/hooks` and `.git/config`" (SPEC §23) — whatever the settings or the rules make writable.
describe.runIf(onLinux)('what governs the sandbox, on the real sandbox', () => {
  const start = startedSandboxes()

  it('never lets a command rewrite a Gemini policy file given in sources', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'policies'))
    mkdirSync(join(project, 'conf'))
    const policy = '[[rule]]\ntoolName = "run_shell"\ndecision = "deny"\npriority = 100\n'
    writeFileSync(join(project, 'policies', 'rules.toml'), policy)
    writeFileSync(join(project, 'conf', 'gemini.json'), '{}')
    const sandbox = await start({
      projectRoot: project,
      sources: [
        { kind: 'project', path: 'policies/rules.toml' },
        { kind: 'user', path: 'conf/gemini.json', format: 'gemini' },
      ],
    })
    for (const file of ['policies/rules.toml', 'conf/gemini.json']) {
      const run = await sandbox.run(`echo '# emptied' > ${file}`, { callId: `call_${file}` })
      expect(run.exitCode).not.toBe(0)
      expect(run.violations.map(({ kind, target }) => ({ kind, target }))).toEqual([
        { kind: 'write', target: join(project, file) },
      ])
    }
    expect(readFileSync(join(project, 'policies', 'rules.toml'), 'utf8')).toBe(policy)
    expect(readFileSync(join(project, 'conf', 'gemini.json'), 'utf8')).toBe('{}')
  })

  it('keeps them write-denied where sandbox.filesystem.allowWrite and Edit allow rules name them', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'conf'))
    writeFileSync(join(project, 'conf', 'sandbox.json'), '{}')
    const outside = join(dirname(project), 'user-settings.json')
    writeFileSync(outside, '{}')
    const view = {
      // What a permissions() plugin's `Edit(…)` allow rules become.
      allowWrite: [join(project, '.git', 'hooks'), join(project, 'conf', 'sandbox.json'), outside],
      denyWrite: [],
      denyRead: [],
      allowedDomains: [],
      deniedDomains: [],
    }
    const sandbox = await start({
      projectRoot: project,
      sources: [
        { kind: 'project', path: 'conf/sandbox.json' },
        { kind: 'user', path: outside },
      ],
      settings: {
        filesystem: {
          allowWrite: [join(project, '.git'), join(project, 'conf'), join(project, '.claude')],
        },
      },
      rules: { sandboxRules: () => view },
    })
    for (const [line, file] of [
      ['echo evil > .git/hooks/pre-commit', join(project, '.git', 'hooks', 'pre-commit')],
      ['echo evil >> .git/config', join(project, '.git', 'config')],
      ['echo evil > conf/sandbox.json', join(project, 'conf', 'sandbox.json')],
      [`echo evil > ${outside}`, outside],
      ['mkdir -p .claude && echo evil > .claude/settings.json', join(project, '.claude')],
    ] as const) {
      const run = await sandbox.run(line, { callId: `call_${file}` })
      expect(run.exitCode, line).not.toBe(0)
      expect(
        run.violations.map(({ kind, target }) => ({ kind, target })),
        line,
      ).toContainEqual({ kind: 'write', target: file })
    }
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false)
    expect(readFileSync(join(project, '.git', 'config'), 'utf8')).toBe('[core]\n')
    expect(readFileSync(join(project, 'conf', 'sandbox.json'), 'utf8')).toBe('{}')
    expect(readFileSync(outside, 'utf8')).toBe('{}')
    expect(existsSync(join(project, '.claude', 'settings.json'))).toBe(false)
  })
})

if (!onLinux) it.skip(`what governs the sandbox: ${notLinux}`, () => undefined)
