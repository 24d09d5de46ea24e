import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { programStrings } from './program-strings.js'

describe('programStrings', () => {
  it("reads sed's scripts: e runs a command (deny rules read it), --sandbox lifts the hiding", () => {
    expect(programStrings('sed', words('sed', '-e', '1e rm x', 'f'))).toEqual({
      hidingConstructs: ["sed's e command, which runs a command"],
      nested: ['rm x'],
    })
    expect(programStrings('sed', words('sed', '--sandbox', '1e rm x'))).toEqual({
      hidingConstructs: [],
      nested: ['rm x'],
    })
    expect(programStrings('sed', words('sed', 's/a/b/', 'f'))).toEqual({
      hidingConstructs: [],
      nested: [],
    })
    expect(programStrings('sed', words('sed', '-f', 's.sed')).hidingConstructs).toEqual([
      'sed -f, which runs a script file no rule has read',
    ])
  })

  it("reads awk's program, and refuses an option that loads code", () => {
    expect(programStrings('awk', words('awk', 'BEGIN{system("rm x")}'))).toEqual({
      hidingConstructs: ["awk's system(), which runs a command"],
      nested: ['rm x'],
    })
    expect(programStrings('awk', words('awk', '{print $1}', 'f')).hidingConstructs).toEqual([])
    expect(programStrings('gawk', words('gawk', '-f', 'p.awk')).hidingConstructs).toEqual([
      "gawk's option -f, which can run or load code no rule has read",
    ])
  })

  it("reads git's own options and subcommands: -c, an alias, rebase -x, config", () => {
    expect(programStrings('git', words('git', 'status'))).toEqual({
      hidingConstructs: [],
      nested: [],
    })
    expect(
      programStrings('git', words('git', '-c', 'core.pager=x', 'log')).hidingConstructs,
    ).toEqual(['git -c, which can make git run other code'])
    expect(programStrings('git', words('git', 'frob')).hidingConstructs).toEqual([
      'a git subcommand that may be an alias, which can run a shell command (!alias)',
    ])
    expect(programStrings('git', words('git', 'rebase', '-x', 'make', 'main'))).toEqual({
      hidingConstructs: ['git rebase -x, which runs a command'],
      nested: ['make'],
    })
    expect(programStrings('git', words('git', 'config', 'x')).hidingConstructs).toEqual([
      'git config, which can make git run other code',
    ])
  })

  // SPEC §26 (git options that run code); git-init(1), TEMPLATE DIRECTORY: hooks are copied.
  it('finds the template folder git init and clone copy hooks from, in any abbreviation', () => {
    for (const line of [
      ['git', 'init', '-q', '--template=tmpl'],
      ['git', 'init', '--template', 'tmpl', 'repo'],
      ['git', 'init-db', '--templ=tmpl'],
      ['git', '-C', 'x', 'init', '--temp=tmpl'],
      ['git', 'clone', '--template=tmpl', 'a', 'b'],
    ]) {
      expect(programStrings('git', words(...line)).hidingConstructs, line.join(' ')).toHaveLength(1)
    }
    expect(programStrings('git', words('git', 'init', '-q', 'repo')).hidingConstructs).toEqual([])
  })

  it('finds the options of tar and rsync that run a command, in any abbreviation or bundle', () => {
    expect(programStrings('tar', words('tar', '--to-com=rm x', '-xf', 'a.tar'))).toEqual({
      hidingConstructs: ["tar's option --to-com=rm x, which runs a command"],
      nested: ['rm x'],
    })
    expect(programStrings('tar', words('tar', '-xIzstd', '-f', 'a')).hidingConstructs).toEqual([
      "tar's option -xIzstd, which runs a command",
    ])
    expect(programStrings('tar', words('tar', 'xf', 'a.tar')).hidingConstructs).toEqual([])
    expect(
      programStrings('rsync', words('rsync', '-e', 'ssh x', 'a', 'b')).hidingConstructs,
    ).toEqual(["rsync's option -e, which runs a command"])
  })

  it('finds what find writes, and the commands parallel runs; other programs run no strings', () => {
    expect(
      programStrings('find', words('find', '.', '-fprint', '/tmp/x')).hidingConstructs,
    ).toEqual(['find -fprint, which writes a file'])
    expect(programStrings('parallel', words('parallel', 'rm', ':::', 'a'))).toEqual({
      hidingConstructs: ['parallel, which runs its words as commands'],
      nested: ['rm'],
    })
    expect(programStrings('ls', words('ls', '-la'))).toEqual({ hidingConstructs: [], nested: [] })
  })
})
