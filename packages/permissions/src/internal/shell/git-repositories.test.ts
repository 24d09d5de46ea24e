import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from '../check-permission.js'
import { analyzeShell } from './analyze-shell.js'
import { loadBashParser } from './bash-parser.js'
import type { BashParser } from './bash-parser.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

const rules = {
  allow: ['Bash(git *)', 'Bash(printf *)', 'Bash(cd *)', 'Bash(cp *)', 'Edit(src/**)'],
  deny: ['Bash(rm *)'],
}
const decide = (command: string) =>
  checkPermission({ parser, command, rules, projectRoot: '/project', cwd: '/project' })
const hiding = (line: string) => analyzeShell(parser, line).hidingConstructs
const fsmonitor = `printf '[core]\\n\\tfsmonitor = id\\n'`

// SPEC §26 (git running code from files the same line wrote); git-config(1) core.fsmonitor.
describe('git beside a write to a repository’s configuration (SPEC §26)', () => {
  it('hides git in a line that writes a path with a .git segment, in any order', () => {
    for (const line of [
      `${fsmonitor} >> src/r/.git/config; git -C src/r status`,
      `git -C src/r status | ${fsmonitor} >> src/r/.git/config`,
      `cd src/r && ${fsmonitor} > .git/config && git status`,
      `${fsmonitor} >> src/r/.GIT/config; git -C src/r status`,
      `echo 'gitdir: /tmp/x' > src/r/.git; git -C src/r status`,
    ]) {
      expect(hiding(line), line).toContainEqual(
        expect.stringMatching(/^git in a line that writes /),
      )
      expect(decide(line).decision, line).toBe('ask')
    }
  })

  it("hides git in a line that writes a bare repository's config, HEAD, commondir or gitdir", () => {
    for (const file of ['config', 'HEAD', 'commondir', 'gitdir', 'config.worktree']) {
      const line = `${fsmonitor} > src/b/${file}; git -C src/b log`
      expect(hiding(line), line).toEqual([
        `git in a line that writes src/b/${file}, which git may read as a repository's configuration (core.fsmonitor runs a command)`,
      ])
    }
    expect(hiding('printf x > "$f"; git status')).toContainEqual(
      expect.stringContaining('a file known only at run time'),
    )
  })

  it('leaves git alone beside other writes, and a write with no git', () => {
    expect(hiding('git log > src/log.txt; git status 2>/dev/null')).toEqual([])
    expect(decide('git log > src/log.txt; git status 2>/dev/null').decision).toBe('allow')
    expect(hiding(`${fsmonitor} >> src/r/.git/config`)).toEqual([])
  })
})

// SPEC §26; git-init(1): a repository the line made may hold files its other programs wrote.
describe('git after a command that makes a repository (SPEC §26)', () => {
  it('hides every other git command of a line that runs git init, clone, worktree or submodule add', () => {
    for (const [line, made] of [
      ['git init -q src/r && git -C src/r status', 'init'],
      ['git -C src init-db r; cd src/r; git status', 'init-db'],
      ['git status; git clone -q ../x src/x', 'clone'],
      ['git worktree add ../w && git -C ../w status', 'worktree add'],
      ['git submodule --quiet update --init && git status', 'submodule update'],
      ['git init -q src/r; cp x src/r/.git/config; git -C src/r status', 'init'],
    ] as const) {
      expect(hiding(line), line).toContain(
        `git after git ${made} in the same line, whose repository the line's other commands may have written (core.fsmonitor runs a command)`,
      )
      expect(decide(line).decision, line).toBe('ask')
    }
  })

  it('allows a lone git init, and git worktree list or submodule status beside other git', () => {
    for (const line of [
      'git init -q src/r',
      'git worktree list && git status',
      'git submodule status; git log -1',
    ]) {
      expect(hiding(line), line).toEqual([])
      expect(decide(line).decision, line).toBe('allow')
    }
  })
})
