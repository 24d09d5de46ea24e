import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  git,
  linkedWorktree,
  monorepoPackage,
  repositoryAt,
  scratchFolder,
} from '../__fixtures__/git-repositories.js'
import { gitDenials } from './git-denials.js'

// What holds code for git to run or a config for it to read (gitrepository-layout). A rebase's
// (or a cherry-pick's) state is denied only where one is under way (git-denials.config.test.ts):
// none is in these repositories.
const entries = ['hooks', 'config', 'config.worktree', 'modules', 'worktrees']

/** No GIT_* variable: what the project's folders alone say. */
const noVariables = {}

// "A sandboxed command can never rewrite what governs it … and so are `.git/hooks` and
// `.git/config`" (SPEC §23): in the git folder git actually reads working in the project, which is
// not always <projectRoot>/.git.
describe('gitDenials: every git folder git reads in the project (SPEC §23)', () => {
  it('denies a linked worktree’s pointer, its own folder’s configs and the main repository’s hooks and config', () => {
    const { main, worktree } = linkedWorktree()
    git(main, 'worktree', 'add', '-q', join(main, '..', 'other'))
    const common = join(main, '.git')
    const own = join(common, 'worktrees', 'worktree')
    const denied = gitDenials(worktree, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        join(worktree, '.git'),
        join(own, 'config.worktree'),
        join(own, 'modules'),
        join(own, 'commondir'),
        ...entries.filter((entry) => entry !== 'worktrees').map((entry) => join(common, entry)),
        // Every other worktree's folder whole; the project's own stays the command's (a commit).
        join(common, 'worktrees', 'other'),
      ]),
    )
    expect(denied).not.toContain(join(common, 'worktrees'))
    expect(denied).not.toContain(own)
  })

  it('denies the hooks and config of a repository in a folder above, and a .git on the way', () => {
    const { repo, project } = monorepoPackage()
    const denied = gitDenials(project, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        ...entries.map((entry) => join(repo, '.git', entry)),
        // A repository a command made on the way would be found first.
        join(project, '.git'),
        join(repo, 'packages', '.git'),
      ]),
    )
    // Git stops at the first repository: nothing above it.
    expect(denied.filter((path) => !path.startsWith(repo))).toEqual([])
  })

  it('walks on past a .git folder that is no repository, denying its entries too', () => {
    const { repo } = monorepoPackage()
    const project = join(repo, 'packages', 'app')
    mkdirSync(join(project, '.git', 'hooks'), { recursive: true })
    const denied = gitDenials(project, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        ...entries.map((entry) => join(project, '.git', entry)),
        ...entries.map((entry) => join(repo, '.git', entry)),
      ]),
    )
  })

  it('keeps the project’s own .git folder first and stops there when it is a repository', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    writeFileSync(join(project, '.git', 'commondir'), '.\n')
    expect(gitDenials(project, noVariables)).toEqual([
      ...entries.map((entry) => join(project, '.git', entry)),
      join(project, '.git', 'commondir'),
    ])
  })

  it('denies what a .git file points at where it is missing, so no command can make it', () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(project)
    writeFileSync(join(project, '.git'), 'gitdir: ../made-later\n')
    const denied = gitDenials(project, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        join(project, '.git'),
        join(dirname(project), 'made-later', 'hooks'),
      ]),
    )
  })

  it('denies the HEAD of the project root and of each folder up to the repository above', () => {
    const { repo, project } = monorepoPackage()
    writeFileSync(join(repo, 'packages', 'HEAD'), 'a project file named HEAD\n')
    const denied = gitDenials(project, noVariables)
    // Missing (the runtime's empty placeholder, which git refuses) or present: no command makes
    // either folder a bare repository that host git run there would take, with its config.
    expect(denied).toEqual(
      expect.arrayContaining([join(project, 'HEAD'), join(repo, 'packages', 'HEAD')]),
    )
    expect(denied).not.toContain(join(repo, 'HEAD'))
    expect(denied).not.toContain(join(repo, '.git', 'HEAD'))
  })

  it('takes a project root that is a bare repository for a git folder, its HEAD left to git', () => {
    const project = join(scratchFolder(), 'bare.git')
    git(dirname(project), 'init', '-q', '--bare', project)
    const denied = gitDenials(project, noVariables)
    expect(denied).toEqual(
      expect.arrayContaining([
        ...entries.map((entry) => join(project, entry)),
        join(project, '.git'),
      ]),
    )
    expect(denied).not.toContain(join(project, 'HEAD'))
  })

  it('denies the folders GIT_DIR and GIT_COMMON_DIR name (relative to the project root)', () => {
    const base = scratchFolder()
    const elsewhere = repositoryAt(join(base, 'elsewhere'))
    const common = repositoryAt(join(base, 'common'))
    const project = join(base, 'project')
    mkdirSync(project)
    const denied = gitDenials(project, {
      GIT_DIR: '../elsewhere/.git',
      GIT_COMMON_DIR: join(common, '.git'),
    })
    expect(denied).toEqual(
      expect.arrayContaining([
        ...entries.map((entry) => join(elsewhere, '.git', entry)),
        ...entries.map((entry) => join(common, '.git', entry)),
      ]),
    )
  })
})
