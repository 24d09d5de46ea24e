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
    })
    expect(commonDirOf(own)).toBe(join(main, '.git'))
    expect(isGitDirectory(own)).toBe(true)
  })

  it('walks up to a repository in a folder above, every missing .git on the way', () => {
    const { repo, project } = monorepoPackage()
    expect(discoverGit(project, {})).toEqual({
      dotGits: [join(project, '.git'), join(repo, 'packages', '.git')],
      folders: [{ path: join(repo, '.git'), reached: 'folder' }],
    })
  })

  it('takes a bare repository on the way for one', () => {
    const bare = join(scratchFolder(), 'bare.git')
    execFileSync('git', ['init', '-q', '--bare', bare])
    const project = join(bare, 'inside')
    mkdirSync(project)
    const found = discoverGit(project, {})
    expect(found.folders).toEqual([{ path: bare, reached: 'folder' }])
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
