import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  git,
  linkedWorktree,
  monorepoPackage,
  repositoryAt,
  scratchFolder,
} from '../__fixtures__/git-repositories.js'
import { CommondirSweep } from './git-denials.js'

// A `commondir` names the folder git reads its config and hooks from; a missing one cannot be
// write-denied, so one a run made is removed after it (SPEC §23: "a sandboxed command can never
// rewrite what governs it").
describe('CommondirSweep (SPEC §23)', () => {
  it('removes a commondir written into a .git that git init made after the sandbox started', () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(project)
    const sweep = new CommondirSweep(project, {})
    git(project, 'init', '-q')
    writeFileSync(join(project, '.git', 'commondir'), `${project}/evil\n`)
    expect(sweep.sweep()).toBe(join(project, '.git', 'commondir'))
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false)
    // And from then on, like any folder known without one.
    writeFileSync(join(project, '.git', 'commondir'), `${project}/evil\n`)
    expect(sweep.sweep()).toBe(join(project, '.git', 'commondir'))
  })

  it('removes one written into a repository in a folder above the project', () => {
    const { repo, project } = monorepoPackage()
    const sweep = new CommondirSweep(project, {})
    writeFileSync(join(repo, '.git', 'commondir'), `${repo}/evil\n`)
    expect(sweep.sweep()).toBe(join(repo, '.git', 'commondir'))
  })

  it('removes one written into the repository of a linked worktree, keeping the worktree’s own', () => {
    const { main, worktree } = linkedWorktree()
    const sweep = new CommondirSweep(worktree, {})
    writeFileSync(join(main, '.git', 'commondir'), `${main}/evil\n`)
    expect(sweep.sweep()).toBe(join(main, '.git', 'commondir'))
    expect(existsSync(join(main, '.git', 'worktrees', 'worktree', 'commondir'))).toBe(true)
    expect(sweep.sweep()).toBeUndefined()
  })

  it('keeps the commondir git writes for a worktree added after the sandbox started', () => {
    const base = scratchFolder()
    const main = repositoryAt(join(base, 'main'))
    const worktree = join(base, 'worktree')
    const sweep = new CommondirSweep(worktree, {})
    git(main, 'worktree', 'add', '-q', worktree)
    expect(sweep.sweep()).toBeUndefined()
    expect(existsSync(join(main, '.git', 'worktrees', 'worktree', 'commondir'))).toBe(true)
  })

  it('keeps one there at the start, and removes another file put in its place', () => {
    const project = repositoryAt(join(scratchFolder(), 'project'))
    const commondir = join(project, '.git', 'commondir')
    writeFileSync(commondir, '.\n')
    const sweep = new CommondirSweep(project, {})
    expect(sweep.sweep()).toBeUndefined()
    rmSync(commondir)
    mkdirSync(commondir)
    expect(sweep.sweep()).toBe(commondir)
    expect(existsSync(commondir)).toBe(false)
  })
})
