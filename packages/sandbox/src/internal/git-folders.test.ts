import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  linkedWorktree,
  monorepoPackage,
  repositoryAt,
  scratchFolder,
} from '../__fixtures__/git-repositories.js'
import { commonDirOf, discoverGit, isGitDirectory } from './git-folders.js'

// Git's own discovery (setup.c), without running git (SPEC §23: the git folders that govern
// the project are found wherever git finds them).
describe('discoverGit: the git folders as git finds them (SPEC §23)', () => {
  it('follows a linked worktree’s gitdir: pointer, and its commondir to the repository', () => {
    const { main, worktree } = linkedWorktree()
    const own = join(main, '.git', 'worktrees', 'worktree')
    expect(discoverGit(worktree, {})).toEqual({
      dotGits: [join(worktree, '.git')],
      folders: [{ path: own, reached: 'pointer' }],
      // Git stops at a `.git` file: it never looks at the worktree for a bare repository.
      heads: [],
    })
    expect(commonDirOf(own)).toBe(join(main, '.git'))
    expect(isGitDirectory(own)).toBe(true)
  })

  it('walks up to a repository in a folder above, every missing .git on the way', () => {
    const { repo, project } = monorepoPackage()
    expect(discoverGit(project, {})).toEqual({
      dotGits: [join(project, '.git'), join(repo, 'packages', '.git')],
      folders: [{ path: join(repo, '.git'), reached: 'folder' }],
      // Each level git looked at for a bare repository, and found none.
      heads: [join(project, 'HEAD'), join(repo, 'packages', 'HEAD')],
    })
  })

  it('takes an empty .git folder (the runtime’s placeholder for a missing one) for a missing one', () => {
    const { project } = monorepoPackage()
    const missing = discoverGit(project, {})
    mkdirSync(join(project, '.git'))
    expect(discoverGit(project, {})).toEqual(missing)
  })

  it('names the HEAD of each level walked past, missing or not, and none where git stops', () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(join(project, '.git'), { recursive: true }) // a .git folder that is no repository
    writeFileSync(join(project, 'HEAD'), 'a project file\n')
    const found = discoverGit(project, {})
    expect(found.heads[0]).toBe(join(project, 'HEAD'))
    expect(found.heads).toContain(join(dirname(project), 'HEAD'))
    const repository = repositoryAt(join(scratchFolder(), 'repository'))
    expect(discoverGit(repository, {}).heads).toEqual([])
  })

  it('takes a bare repository on the way for one', () => {
    const bare = join(scratchFolder(), 'bare.git')
    execFileSync('git', ['init', '-q', '--bare', bare])
    const project = join(bare, 'inside')
    mkdirSync(project)
    const found = discoverGit(project, {})
    expect(found.folders).toEqual([{ path: bare, reached: 'folder' }])
    // The bare repository's HEAD is its own (data, as in any git folder); the level below's is not.
    expect(found.heads).toEqual([join(project, 'HEAD')])
  })

  it('stops at a .git file, whatever it holds', () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(project)
    writeFileSync(join(project, '.git'), 'not a pointer')
    expect(discoverGit(project, {}).folders).toEqual([])
    expect(discoverGit(project, {}).dotGits).toEqual([join(project, '.git')])
  })

  it('reads no FIFO and no huge file as a pointer (hostile .git and commondir)', () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(project)
    execFileSync('mkfifo', [join(project, '.git')])
    expect(discoverGit(project, {}).folders).toEqual([])
    const repository = repositoryAt(join(scratchFolder(), 'repository'))
    writeFileSync(join(repository, '.git', 'commondir'), `/${'x'.repeat(100_000)}`)
    expect(commonDirOf(join(repository, '.git'))).toBeUndefined()
    execFileSync('rm', [join(repository, '.git', 'commondir')])
    execFileSync('mkfifo', [join(repository, '.git', 'commondir')])
    expect(commonDirOf(join(repository, '.git'))).toBeUndefined()
  })

  it('does not take a folder with a HEAD but no objects for a repository', () => {
    const folder = scratchFolder()
    writeFileSync(join(folder, 'HEAD'), 'ref: refs/heads/main\n')
    mkdirSync(join(folder, 'refs'))
    expect(isGitDirectory(folder)).toBe(false)
    mkdirSync(join(folder, 'objects'))
    expect(isGitDirectory(folder)).toBe(true)
  })
})
