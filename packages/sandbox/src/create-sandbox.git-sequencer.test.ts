import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { git, repositoryAt, scratchFolder } from './__fixtures__/git-repositories.js'
import { heldCommand, onLinux, recordingLogger } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** A repository at `base/project` with three commits that each change `file`. */
const threeCommits = (base: string): string => {
  const project = repositoryAt(join(base, 'project'))
  for (const text of ['one', 'two', 'three']) {
    writeFileSync(join(project, 'file'), `${text}\n`)
    git(project, 'add', 'file')
    git(project, 'commit', '-q', '-m', text)
  }
  return project
}

/** Host git with an identity, as a sandboxed command runs it. */
const identity = 'git -c user.email=a@x -c user.name=a'

// SPEC §23: "A sandboxed command can never rewrite what governs it". A rebase's todo list governs
// host git: it runs each `exec` line at `git rebase --continue` (git-rebase(1)). One the person has
// under way is write-denied; where none is, nothing stands in git's way (a placeholder there read
// as a rebase under way for the whole run), and one a command starts is reported on its run.
describe.runIf(onLinux)('a rebase’s or cherry-pick’s todo list and a run (SPEC §23)', () => {
  const start = startedSandboxes()

  it('reports no rebase to git status inside a run nor on the host, and lets git rebase, revert run', async () => {
    const project = threeCommits(scratchFolder())
    const sandbox = await start({ projectRoot: project })
    const held = heldCommand(project)
    const live = sandbox.run(held.command, { callId: 'call_held' })
    await held.started()
    expect(git(project, 'status')).not.toMatch(/rebasing/iu)
    held.release()
    expect((await live).exitCode).toBe(0)
    const run = await sandbox.run(
      `git status && ${identity} rebase -q --exec true HEAD~2 && ${identity} revert --no-edit HEAD~2..HEAD`,
      { callId: 'call_git' },
    )
    expect(run.stderr).not.toMatch(/fatal|error|could not|File exists/iu)
    expect(run.stdout).not.toMatch(/rebasing|rebase --continue/iu)
    expect(run.exitCode).toBe(0)
    expect(run.violations).toEqual([])
    expect(git(project, 'log', '--format=%s', '-2')).toMatch(/^Revert/u)
  })

  it('keeps the todo of a rebase the person has under way on the host read-only inside a run', async () => {
    const base = scratchFolder()
    const project = threeCommits(base)
    const mark = join(base, 'exec-ran')
    // Started by host git before the run, stopped at `break`.
    git(project, '-c', 'sequence.editor=sed -i 1ibreak', 'rebase', '-q', '-i', 'HEAD~1')
    const todo = join(project, '.git', 'rebase-merge', 'git-rebase-todo')
    const before = readFileSync(todo, 'utf8')
    const sandbox = await start({ projectRoot: project })
    const edit = await sandbox.run(`echo 'exec touch ${mark}' >> ${todo}`, { callId: 'call_todo' })
    expect(edit.exitCode).not.toBe(0)
    expect(readFileSync(todo, 'utf8')).toBe(before)
    // Under way before the run: nothing came into being during it.
    expect(edit.violations.filter((violation) => violation.kind === 'other')).toEqual([])
    await sandbox.dispose()
    git(project, 'rebase', '--continue')
    expect(existsSync(mark)).toBe(false)
    expect(existsSync(join(project, '.git', 'rebase-merge'))).toBe(false)
  })

  it('reports a rebase a command starts with an exec line, naming the folder and the line', async () => {
    const base = scratchFolder()
    const project = threeCommits(base)
    const mark = join(base, 'exec-ran')
    const logger = recordingLogger()
    const sandbox = await start({ projectRoot: project, logger })
    const rebase = await sandbox.run(
      `GIT_SEQUENCE_EDITOR="printf 'break\\nexec touch ${mark}\\n' >" ${identity} rebase -i HEAD~1`,
      { callId: 'call_rebase' },
    )
    expect(rebase.exitCode).toBe(0)
    const folder = join(project, '.git', 'rebase-merge')
    const reports = rebase.violations.filter((violation) => violation.kind === 'other')
    expect(reports.map(({ kind, target }) => ({ kind, target }))).toEqual([
      { kind: 'other', target: folder },
    ])
    const said = reports[0]?.detail ?? ''
    expect(said).toContain(`${folder} came into being while this run was live`)
    expect(said).toContain('`git rebase --continue`')
    expect(said).toContain(`its git-rebase-todo holds one exec line: "exec touch ${mark}"`)
    expect(logger.warnings).toContain(`toolpipe: sandbox: ${said}`)
    // From the next run on it is one under way: read-only, and not reported again.
    const todo = join(folder, 'git-rebase-todo')
    const before = readFileSync(todo, 'utf8')
    const edit = await sandbox.run(`echo 'exec touch ${mark}-2' >> ${todo}`, { callId: 'call_2' })
    expect(edit.exitCode).not.toBe(0)
    expect(readFileSync(todo, 'utf8')).toBe(before)
    expect(edit.violations.filter((violation) => violation.kind === 'other')).toEqual([])
    await sandbox.dispose()
    git(project, 'rebase', '--abort')
    expect(existsSync(mark)).toBe(false)
  })

  it('reports a todo a command plants by hand, and a cherry-pick’s state it leaves', async () => {
    const base = scratchFolder()
    const project = threeCommits(base)
    const sandbox = await start({ projectRoot: project })
    const planted = await sandbox.run(
      "mkdir -p .git/rebase-merge .git/sequencer && printf 'x make pwn\\n' > .git/rebase-merge/git-rebase-todo && printf 'pick 1234567 a\\n' > .git/sequencer/todo",
      { callId: 'call_plant' },
    )
    expect(planted.exitCode).toBe(0)
    const reports = planted.violations.filter((violation) => violation.kind === 'other')
    expect(reports.map((report) => report.target)).toEqual([
      join(project, '.git', 'rebase-merge'),
      join(project, '.git', 'sequencer'),
    ])
    expect(reports[0]?.detail).toContain('holds one exec line: "x make pwn"')
    expect(reports[1]?.detail).toContain('`git cherry-pick --continue`')
    expect(reports[1]?.detail).toContain('its todo holds no exec line')
  })
})
