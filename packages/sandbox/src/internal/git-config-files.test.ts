import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { git, scratchFolder } from '../__fixtures__/git-repositories.js'
import { maxIncludeDepth, readGitConfigs } from './git-config-files.js'

/** Writes `text` to `folder/name`; its path. */
function file(folder: string, name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

// git-config(1), "INCLUDES": "You can include a config file from another by setting the special
// include.path (or includeIf.*.path) variable to the name of the file to be included. … If the
// pathname is relative, it is taken relative to the directory of the including file." Every file
// so named can make git run a program (core.fsmonitor), so each is found (SPEC §23).
describe('readGitConfigs: the files git includes and the hooks folder it is told of (SPEC §23)', () => {
  it('follows include.path and includeIf.<condition>.path relative to the including file', () => {
    const folder = scratchFolder()
    mkdirSync(join(folder, 'repo', '.git'), { recursive: true })
    mkdirSync(join(folder, 'conf'))
    file(folder, 'team.gitconfig', '[include]\n\tpath = conf/more.gitconfig\n')
    file(join(folder, 'conf'), 'more.gitconfig', '[core]\n\thooksPath = .husky\n')
    const config = file(
      join(folder, 'repo', '.git'),
      'config',
      [
        '[include]\n\tpath = ../../team.gitconfig',
        // Whatever the condition: git may take it on another branch, in another folder.
        '[includeIf "onbranch:never-made"]\n\tpath = ~/work.gitconfig',
        '[includeIf "gitdir:/nowhere/"]\n\tpath = "/abs/with \\"quote\\".gitconfig"',
      ].join('\n'),
    )
    const read = readGitConfigs([{ file: config }], { HOME: join(folder, 'home') })
    expect(read.included).toEqual([
      join(folder, 'team.gitconfig'),
      join(folder, 'home', 'work.gitconfig'),
      '/abs/with "quote".gitconfig',
      join(folder, 'conf', 'more.gitconfig'),
    ])
    expect(read.hooksPaths).toEqual(['.husky'])
    expect(read.warnings).toEqual([])
  })

  it('reads as deep as git does (10 includes), and names the file git refuses past it', () => {
    const folder = scratchFolder()
    const chain = Array.from({ length: maxIncludeDepth + 3 }, (_, index) => `f${String(index)}`)
    chain.forEach((name, index) => {
      file(folder, name, `[include]\n\tpath = ${chain[index + 1] ?? 'end'}\n[a]\n\tk = ${name}\n`)
    })
    const read = readGitConfigs([{ file: join(folder, 'f0') }], {})
    // f1…f10 are read; the include in f10 makes git refuse to run ("exceeded maximum include
    // depth"): f11 is named (and denied), never read.
    expect(read.included).toEqual(chain.slice(1, maxIncludeDepth + 2).map((n) => join(folder, n)))
    const list = (name: string) =>
      execFileSync('git', ['config', '--file', join(folder, name), '--includes', '--list'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    expect(() => list('f0')).toThrow(/maximum include depth/u)
    expect(() => list('f2')).not.toThrow()
  })

  it('ends at a cycle, reads a missing file as empty, and a symlinked one where it leads', () => {
    const folder = scratchFolder()
    mkdirSync(join(folder, 'real', 'deep'), { recursive: true })
    symlinkSync(join(folder, 'real', 'deep'), join(folder, 'link'))
    const a = file(folder, 'a', '[include]\n\tpath = b\n\tpath = missing\n\tpath = link/../c\n')
    file(folder, 'b', '[include]\n\tpath = a\n')
    const read = readGitConfigs([{ file: a }], {})
    expect(read.included).toEqual([
      join(folder, 'b'),
      join(folder, 'missing'),
      // As written, and as the kernel resolves it: `..` after a link leaves its target.
      join(folder, 'c'),
      join(folder, 'real', 'c'),
      a,
    ])
    expect(read.warnings).toEqual([])
  })

  it('warns of a file it cannot read or parse, keeping what it read before the bad line', () => {
    const folder = scratchFolder()
    execFileSync('mkfifo', [join(folder, 'fifo')])
    const bad = file(folder, 'bad', '[include]\n\tpath = fifo\n[core]\n\thooksPath = hooks\n[x\n')
    writeFileSync(join(folder, 'huge'), `[core]\n\thooksPath = big\n#${'x'.repeat(1_100_000)}`)
    const read = readGitConfigs([{ file: bad }, { file: join(folder, 'huge') }], {})
    expect(read.included).toEqual([join(folder, 'fifo')])
    expect(read.hooksPaths).toEqual(['hooks', 'big'])
    expect(read.warnings.join('\n')).toContain(`git cannot parse ${bad} (line 5)`)
    expect(read.warnings.join('\n')).toContain(
      `${join(folder, 'fifo')}, a git config, could not be read`,
    )
    expect(read.warnings.join('\n')).toContain(`${join(folder, 'huge')}, a git config, is larger`)
  })

  it('takes GIT_CONFIG_COUNT entries, ~ and :(optional) as git-config(1) "ENVIRONMENT" and pathname do', () => {
    const folder = scratchFolder()
    const included = file(folder, 'from-environment', '[core]\n\thooksPath = ~/hooks\n')
    const read = readGitConfigs([], {
      HOME: '/home/me',
      GIT_CONFIG_COUNT: '3',
      GIT_CONFIG_KEY_0: 'Include.Path',
      GIT_CONFIG_VALUE_0: included,
      // "relative config includes must come from files": git refuses it.
      GIT_CONFIG_KEY_1: 'include.path',
      GIT_CONFIG_VALUE_1: 'relative',
      GIT_CONFIG_KEY_2: 'core.hooksPath',
      GIT_CONFIG_VALUE_2: ':(optional)/opt/hooks',
    })
    expect(read.included).toEqual([included])
    expect(read.hooksPaths).toEqual([':(optional)/opt/hooks', '/opt/hooks', '/home/me/hooks'])
  })

  it('reads a repository’s own config as host git does (git config --show-origin)', () => {
    const repository = join(scratchFolder(), 'repository')
    git(scratchFolder(), 'init', '-q', repository)
    git(repository, 'config', 'include.path', '../team.gitconfig')
    writeFileSync(join(repository, 'team.gitconfig'), '[core]\n\thooksPath = tools/hooks\n')
    const origin = git(repository, 'config', '--show-origin', 'core.hooksPath')
    expect(origin).toBe(`file:.git/../team.gitconfig\ttools/hooks\n`)
    const read = readGitConfigs([{ file: join(repository, '.git', 'config') }], {})
    expect(read.included).toEqual([join(repository, 'team.gitconfig')])
    expect(read.hooksPaths).toEqual(['tools/hooks'])
  })
})
