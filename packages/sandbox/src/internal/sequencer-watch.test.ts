import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  linkedWorktree,
  monorepoPackage,
  repositoryAt,
  scratchFolder,
} from '../__fixtures__/git-repositories.js'
import { defaultSandboxSettings } from '../__fixtures__/sandbox-fixtures.js'
import { runtimeConfig } from './runtime-config.js'
import { describeAppeared, execLines, SequencerWatch } from './sequencer-watch.js'

/** The watch of a run in `project` whose config is derived now, as `GitAfterRun` makes it. */
const watchOf = (project: string): SequencerWatch =>
  SequencerWatch.before(project, {}).under(
    runtimeConfig(project, defaultSandboxSettings, undefined, []),
  )

/** A rebase's state at `folder` (made), with `todo` as its git-rebase-todo. */
const rebaseAt = (folder: string, todo: string): string => {
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'git-rebase-todo'), todo)
  return folder
}

// SPEC §23: "A sandboxed command can never rewrite what governs it". A rebase's todo is run by host
// git at `git rebase --continue` (git-rebase(1): "exec <cmd>", short form "x"); where none is under
// way it is not denied (the runtime's placeholder would read as a rebase for the whole run), so one
// that comes into being during a run is reported when it ends.
describe('SequencerWatch: rebase and cherry-pick state a run made (SPEC §23, git-rebase(1))', () => {
  it('reports a rebase-merge made during the run, naming the folder and quoting its exec lines', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    const watch = watchOf(project)
    expect(watch.appeared()).toEqual([])
    const folder = rebaseAt(
      join(project, '.git', 'rebase-merge'),
      'pick 1234567 x\nexec touch /tmp/mark\n  x make all\r\n# exec a comment\nexecute no\n',
    )
    const [report, ...more] = watch.appeared()
    expect(more).toEqual([])
    expect([report?.kind, report?.target]).toEqual(['other', folder])
    expect(report?.detail).toContain(`${folder} came into being while this run was live`)
    expect(report?.detail).toContain('`git rebase --continue`')
    expect(report?.detail).toContain(
      'its git-rebase-todo holds 2 exec lines: "exec touch /tmp/mark", "x make all"',
    )
  })

  it('leaves out a rebase under way when the config was derived: the config denies it', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    const folder = rebaseAt(join(project, '.git', 'rebase-merge'), 'break\n')
    const watch = watchOf(project)
    // The person going on with it on the host rewrites the todo: no run of the sandbox could.
    writeFileSync(join(folder, 'git-rebase-todo'), 'exec make\n')
    expect(watch.appeared()).toEqual([])
  })

  it('leaves out a repository above the project, outside every writable folder', () => {
    const { repo, project } = monorepoPackage()
    const watch = watchOf(project)
    rebaseAt(join(repo, '.git', 'rebase-merge'), 'exec make\n')
    expect(watch.appeared()).toEqual([])
  })

  it('watches a linked worktree’s own folder, where git keeps that worktree’s rebase', () => {
    const { base, main, worktree } = linkedWorktree()
    const watch = SequencerWatch.before(worktree, {}).under(
      runtimeConfig(worktree, { ...defaultSandboxSettings, allowWrite: [base] }, undefined, []),
    )
    const own = rebaseAt(join(main, '.git', 'worktrees', 'worktree', 'rebase-merge'), 'x id\n')
    expect(watch.appeared().map((report) => report.target)).toEqual([own])
  })
})

describe('describeAppeared: what a report says of each state (git-rebase(1), git-am(1))', () => {
  it('says a cherry-pick’s todo holds no exec line, and that git am’s state keeps no todo', () => {
    const git = join(scratchFolder(), '.git')
    mkdirSync(join(git, 'sequencer'), { recursive: true })
    writeFileSync(join(git, 'sequencer', 'todo'), 'pick 1234567 one\npick 89abcde two\n')
    expect(describeAppeared(join(git, 'sequencer'))).toContain(
      'its todo holds no exec line. Look at it before going on with it: `git cherry-pick --abort`',
    )
    mkdirSync(join(git, 'rebase-apply'))
    expect(describeAppeared(join(git, 'rebase-apply'))).toContain('it keeps no todo list')
    mkdirSync(join(git, 'rebase-merge'))
    expect(describeAppeared(join(git, 'rebase-merge'))).toContain('its git-rebase-todo is missing')
  })

  it('reads a hostile todo bounded: a FIFO is not waited on, a huge one is cut, long lines too', () => {
    const git = join(scratchFolder(), '.git')
    mkdirSync(join(git, 'rebase-merge'), { recursive: true })
    execFileSync('mkfifo', [join(git, 'rebase-merge', 'git-rebase-todo')])
    expect(describeAppeared(join(git, 'rebase-merge'))).toContain(
      'its git-rebase-todo is not a regular file',
    )
    const folder = join(git, 'sequencer')
    const long = `exec ${'y'.repeat(5000)}`
    const huge = `${[long, 'exec a', 'exec b', 'exec c'].join('\n')}\n${'#'.repeat(2 ** 21)}\nexec late\n`
    mkdirSync(folder)
    writeFileSync(join(folder, 'todo'), huge)
    const said = describeAppeared(folder)
    expect(said).toContain('its todo (its first 1048576 bytes read) holds 4 exec lines: "exec yyy')
    expect(said).toContain('…", "exec a", "exec b", and 1 more.')
    expect(said).not.toContain('late')
    expect(said.length).toBeLessThan(1000)
  })
})

describe('execLines: the todo lines git runs as exec (sequencer.c is_command)', () => {
  it.each([
    ['exec make', ['exec make']],
    ['x make', ['x make']],
    ['\t  exec\tmake', ['exec\tmake']],
    ['exec', ['exec']],
    ['exec make\r', ['exec make']],
    ['x\rmake', ['x\rmake']],
    ['# exec make', []],
    ['execute make', []],
    ['xmake', []],
    ['Exec make', []],
    ['pick 1234567 exec', []],
  ])('%j', (line, expected) => {
    expect(execLines(`pick 1234567 one\n${line}\nbreak\n`)).toEqual(expected)
  })
})
