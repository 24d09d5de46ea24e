import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  git,
  linkedWorktree,
  monorepoPackage,
  repositoryAt,
  scratchFolder,
} from '../__fixtures__/git-repositories.js'
import { gitDenials } from './git-denials.js'

/** No GIT_* variable, no HOME: what the project's folders alone say. */
const noVariables = {}

// "A sandboxed command can never rewrite what governs it: … `.git/hooks` and `.git/config`"
// (SPEC §23). The config says where git's hooks are (git-config(1) core.hooksPath: "A relative
// path is taken as relative to the directory where the hooks are run", which githooks(5) says is
// "the root of the working tree in a non-bare repository") and which other files it reads
// (git-config(1), "INCLUDES"): each is denied as `.git/hooks` and `.git/config` are.
describe('gitDenials: what the configs point git at (SPEC §23, git-config(1), githooks(5))', () => {
  it('denies the core.hooksPath folder (husky’s .husky) relative to the work tree root', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    git(project, 'config', 'core.hooksPath', '.husky')
    expect(gitDenials(project, noVariables)).toContain(join(project, '.husky'))
  })

  it('denies each file the config includes, nested and conditional, relative to the includer', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    git(project, 'config', 'include.path', '../team.gitconfig')
    git(project, 'config', 'includeIf.gitdir:/elsewhere/.path', '../team/when.gitconfig')
    writeFileSync(join(project, 'team.gitconfig'), '[include]\n\tpath = more.gitconfig\n')
    const denied = gitDenials(project, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        join(project, 'team.gitconfig'),
        join(project, 'team', 'when.gitconfig'),
        join(project, 'more.gitconfig'),
      ]),
    )
  })

  it('takes a relative hooks path in a monorepo’s package relative to the repository’s root', () => {
    const { repo, project } = monorepoPackage()
    git(repo, 'config', 'core.hooksPath', 'tools/hooks')
    const denied = gitDenials(project, noVariables)
    expect(denied).toContain(join(repo, 'tools', 'hooks'))
  })

  it('reads the global config HOME names (a global core.hooksPath = .githooks)', () => {
    const base = scratchFolder()
    const project = repositoryAt(join(base, 'project'))
    mkdirSync(join(base, 'home'))
    writeFileSync(join(base, 'home', '.gitconfig'), '[core]\n\thooksPath = .githooks\n')
    expect(gitDenials(project, { HOME: join(base, 'home') })).toContain(join(project, '.githooks'))
  })

  it('denies the hooks githooks(5) names where core.hooksPath holds the project root, and warns', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    git(project, 'config', 'core.hooksPath', '.')
    const warnings: string[] = []
    const denied = gitDenials(project, noVariables, (message) => warnings.push(message))
    expect(denied).not.toContain(project)
    expect(denied).toEqual(
      expect.arrayContaining([join(project, 'pre-commit'), join(project, 'post-checkout')]),
    )
    expect(warnings.join('\n')).toContain(`core.hooksPath names ${project}`)
  })

  it('denies what it found and warns where a config cannot be parsed', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    git(project, 'config', 'include.path', '../team.gitconfig')
    writeFileSync(join(project, 'team.gitconfig'), '[core]\n\thooksPath = hooks\n[bad\n')
    const warnings: string[] = []
    const denied = gitDenials(project, noVariables, (message) => warnings.push(message))
    expect(denied).toEqual(
      expect.arrayContaining([join(project, 'team.gitconfig'), join(project, 'hooks')]),
    )
    expect(warnings).toEqual([
      expect.stringContaining(`git cannot parse ${join(project, 'team.gitconfig')} (line 3)`),
    ])
  })

  // gitrepository-layout: rebase-merge/, rebase-apply/ and sequencer/ hold the todo list whose
  // `exec` lines git runs on `--continue`; per worktree. Denied where one is under way; where none
  // is, not (the runtime's placeholder would read as a rebase under way: SequencerWatch reports
  // one a run makes instead).
  it('denies a linked worktree’s own rebase and sequencer state under way, and the repository’s', () => {
    const { main, worktree } = linkedWorktree()
    const own = join(main, '.git', 'worktrees', 'worktree')
    const entries = ['rebase-merge', 'rebase-apply', 'sequencer']
    const missing = gitDenials(worktree, noVariables)
    for (const entry of entries) {
      expect(missing).not.toContain(join(own, entry))
      expect(missing).not.toContain(join(main, '.git', entry))
    }
    for (const entry of entries) {
      mkdirSync(join(own, entry))
      mkdirSync(join(main, '.git', entry))
    }
    const underWay = gitDenials(worktree, noVariables)
    for (const entry of entries) {
      expect(underWay).toContain(join(own, entry))
      expect(underWay).toContain(join(main, '.git', entry))
    }
  })
})
