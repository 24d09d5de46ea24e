import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { git, repositoryAt, scratchFolder } from './__fixtures__/git-repositories.js'
import { onLinux, recordingLogger } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** A shell line that writes `text` (printf's escapes) to `file`. */
const write = (file: string, text: string) => `printf '${text}' > ${file}`

// "A sandboxed command can never rewrite what governs it: … `.git/hooks` and `.git/config`"
// (SPEC §23). What the config points git at governs it as much: the core.hooksPath folder
// (git-config(1); githooks(5): hooks run from there) and every file it includes (git-config(1),
// "INCLUDES": core.fsmonitor there is a program git runs). A rebase's todo list: see
// create-sandbox.git-sequencer.test.ts.
describe.runIf(onLinux)(
  'what git’s config points it at, after a sandboxed command (SPEC §23)',
  () => {
    const start = startedSandboxes()

    it('never lets a command plant a hook in core.hooksPath nor a program in an included file', async () => {
      const base = scratchFolder()
      const project = repositoryAt(join(base, 'project'))
      mkdirSync(join(project, '.husky'))
      git(project, 'config', 'core.hooksPath', '.husky')
      git(project, 'config', 'include.path', '../team.gitconfig')
      const sandbox = await start({ projectRoot: project })
      const hookRan = join(base, 'hook-ran')
      const monitorRan = join(base, 'fsmonitor-ran')
      const hook = await sandbox.run(
        `${write('.husky/pre-commit', `#!/bin/sh\\ntouch ${hookRan}\\n`)} && chmod +x .husky/pre-commit`,
        { callId: 'call_husky' },
      )
      expect(hook.exitCode).not.toBe(0)
      const include = await sandbox.run(
        write('team.gitconfig', `[core]\\n\\tfsmonitor = touch ${monitorRan}; echo\\n`),
        { callId: 'call_include' },
      )
      expect(include.exitCode).not.toBe(0)
      expect(include.violations.map((violation) => violation.target)).toContain(
        join(project, 'team.gitconfig'),
      )
      await sandbox.dispose()
      // Nothing left behind: the runtime's placeholder for the missing included file is gone.
      expect(existsSync(join(project, 'team.gitconfig'))).toBe(false)
      git(project, 'status', '--short')
      git(project, 'commit', '-q', '--allow-empty', '-m', 'host')
      expect(existsSync(hookRan)).toBe(false)
      expect(existsSync(monitorRan)).toBe(false)
    })

    it('warns once where a config cannot be parsed, and still denies what it names before', async () => {
      const project = repositoryAt(join(scratchFolder(), 'project'))
      git(project, 'config', 'include.path', '../team.gitconfig')
      writeFileSync(join(project, 'team.gitconfig'), '[core]\n\thooksPath = hooks\n[bad\n')
      const logger = recordingLogger()
      const sandbox = await start({ projectRoot: project, logger })
      for (const callId of ['call_one', 'call_two']) {
        const run = await sandbox.run('mkdir -p hooks && touch hooks/pre-commit', { callId })
        expect(run.exitCode).not.toBe(0)
      }
      const warned = logger.warnings.filter((warning) => warning.includes('git cannot parse'))
      expect(warned).toEqual([
        `toolpipe: sandbox: git cannot parse ${join(project, 'team.gitconfig')} (line 3); what it names before that line is write-denied`,
      ])
    })
  },
)
