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

// SPEC §26; git-config(1) core.fsmonitor: a program may write the configuration git reads as
// well as a redirection can (the audit's `sed -i … .git/config && git status` ran `id`).
describe('git beside a program that may write into a git folder (SPEC §26)', () => {
  const programs = {
    allow: [
      ...rules.allow,
      ...['Bash(sed *)', 'Bash(tee *)', 'Bash(sort *)', 'Bash(tar *)', 'Bash(grep *)'],
    ],
    deny: rules.deny,
  }
  const judged = (command: string) =>
    checkPermission({ parser, command, rules: programs, projectRoot: '/project' })

  it('hides git beside a word that names, or may name, a path in a git folder', () => {
    for (const [line, found] of [
      [
        `sed -i 's/bare = false/fsmonitor = id/' .git/config && git status`,
        'sed naming .git/config',
      ],
      ["cd .git && sed -i 's/x/y/' config && cd .. && git status", 'cd naming .git'],
      [`${fsmonitor} | tee -a .git/config >/dev/null && git status`, 'tee naming .git/config'],
      [`${fsmonitor} | cp /dev/stdin .git/config && git status`, 'cp naming .git/config'],
      [`${fsmonitor} | sort -r -o .git/config && git status`, 'sort naming .git/config'],
      [`${fsmonitor} | sort -o.GIT/config; git status`, 'sort naming -o.GIT/config'],
      ['git status; cd src/b && sed -i s/x/y/ HEAD', 'sed naming HEAD'],
      ['cp "$F" src/x && git status', 'cp with a word known only at run time'],
      [
        'echo .git/config | xargs sed -i s/x/y/ && git status',
        'sed with a word known only at run time',
      ],
      ['tar -xf src/x.tar && git status', 'tar, which writes the files its input names'],
      ['cp -a ../evil/. . && git status', 'cp, which writes the files its input names'],
    ] as const) {
      expect(hiding(line), line).toContainEqual(expect.stringContaining(`git beside ${found}, `))
      expect(judged(line).decision, line).toBe('ask')
    }
  })

  it('hides git beside another git command whose words may write into a git folder', () => {
    for (const line of [
      'git checkout-index -a -f --prefix=.git/ && git status',
      'git merge-file "$F" a b; git status',
      // A word known only at run time may be --output=.git/config (git-diff(1)).
      'git log "$X" && git status',
    ]) {
      expect(hiding(line), line).toContainEqual(expect.stringMatching(/^git beside another git/))
    }
    expect(hiding('git clone -q https://example.com/r.git src/r')).toEqual([])
    // Alone, it read its configuration before it wrote: its file is an edit subject only.
    expect(hiding('git log "$X"')).toEqual([])
  })

  it('hides git beside its own --output into a git folder (git-diff(1) --output=<file>)', () => {
    const line =
      "git log -1 --format='[core]%n%x09fsmonitor = id' --output=.git/config && git status"
    expect(hiding(line)).toContainEqual(
      expect.stringMatching(/^git in a line that writes .git\/config/),
    )
    expect(judged(line).decision).toBe('ask')
  })

  it('leaves everyday lines alone: readers, literal paths elsewhere, a cd elsewhere', () => {
    for (const line of [
      'git status && git diff',
      'cd src/app && git log',
      'grep -r x . && git status',
      'git diff HEAD && git log HEAD~1 -- src',
      "sed -i 's/a/b/' src/x.ts && git diff",
      'cp src/a.ts src/b.ts && git add src/b.ts',
      'cd "$D" && git status',
      'printf "$X" && git status',
    ]) {
      expect(hiding(line), line).toEqual([])
      expect(judged(line).decision, line).toBe('allow')
    }
  })
})
