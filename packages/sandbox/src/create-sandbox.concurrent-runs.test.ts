import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { git, monorepoPackage } from './__fixtures__/git-repositories.js'
import { heldCommand, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** What a sandboxed command tries, to make a `.git` of its own where there is none. */
const plantingGit = [
  "echo 'gitdir: ../evil' > .git",
  'rmdir .git && mkdir -p .git/hooks',
  'mv .git .old && mkdir .git',
  'mkdir .git/hooks',
  'ln -sfn ../evil .git',
  'git init -q',
]

// While a run is live, the runtime keeps a read-only placeholder on the host at each missing path
// it denies (`.git`, `HEAD`, `.claude`, `.toolpipe` in a folder that is no repository). SPEC §23:
// runs are wrapped side by side under the config in force; the runtime is restarted for a changed
// one only once no run is live — so what a live run's placeholders look like must not read as a
// changed config, or one long command (a dev server) holds back every other.
describe.runIf(onLinux)(
  'runs side by side, with the runtime’s placeholders on the host (SPEC §23)',
  () => {
    const start = startedSandboxes()

    it('ends a short run started while a long one is live before the long one, in a folder that is no repository', async () => {
      const project = projectFolder({ git: false })
      const sandbox = await start({ projectRoot: project })
      expect(sandbox.reason).toBeUndefined()
      const held = heldCommand(project)
      const ended: string[] = []
      const live = sandbox.run(held.command, { callId: 'call_long' }).then((run) => {
        ended.push('long')
        return run
      })
      await held.started()
      expect(existsSync(join(project, '.git'))).toBe(true) // the placeholder, meanwhile
      const short = await sandbox.run('echo short', { callId: 'call_short' })
      ended.push('short')
      held.release()
      const long = await live
      expect(short).toMatchObject({ exitCode: 0, stdout: 'short\n' })
      // Released by the test once the short run ended, not ended by its own time limit.
      expect({ ended, long: long.exitCode }).toEqual({ ended: ['short', 'long'], long: 0 })
      expect(existsSync(join(project, '.git'))).toBe(false)
    })

    it('lets host git work in a monorepo package while a run is live, and no command make a .git there', async () => {
      const { repo, project } = monorepoPackage()
      const sandbox = await start({ projectRoot: project })
      const held = heldCommand(project)
      const live = sandbox.run(held.command, { callId: 'call_long' })
      await held.started()
      // The placeholder at the missing `.git` is an empty folder, which host git walks past.
      expect(git(project, 'rev-parse', '--show-toplevel').trim()).toBe(repo)
      expect(() => git(project, 'status', '--short')).not.toThrow()
      const plant = await sandbox.run(
        plantingGit
          .map((attempt) => `(${attempt}) 2>/dev/null && echo "made: ${attempt}"`)
          .join('\n'),
        { callId: 'call_plant_git' },
      )
      expect(plant.stdout).toBe('')
      held.release()
      expect(await live).toMatchObject({ exitCode: 0 })
      expect(existsSync(join(project, '.git'))).toBe(false)
      expect(git(project, 'rev-parse', '--show-toplevel').trim()).toBe(repo)
    })
  },
)

if (!onLinux) it.skip(`runs side by side: ${notLinux}`, () => undefined)
