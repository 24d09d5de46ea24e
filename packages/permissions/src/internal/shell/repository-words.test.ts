import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import {
  besideGitWord,
  gitWordInRepository,
  namesRepositoryPath,
  wordPaths,
} from './repository-words.js'

const beside = (...texts: (string | undefined)[]) => besideGitWord(texts[0] ?? '', words(...texts))

// SPEC §26: beside git, what a program may write into a git folder (git-config(1): the
// configuration there runs commands), read from its words.
describe('besideGitWord (SPEC §26)', () => {
  it('finds a word naming a path in a git folder, in any case and after an option', () => {
    expect(beside('sed', '-i', 's/a/b/', '.git/config')).toBe('sed naming .git/config')
    expect(beside('dd', 'of=.GIT/hooks/pre-commit')).toBe('dd naming of=.GIT/hooks/pre-commit')
    expect(beside('sort', '-o.git/config')).toBe('sort naming -o.git/config')
    expect(beside('cp', 'x', 'bare.git/config')).toBe('cp naming bare.git/config')
    expect(beside('install', 'x', 'r/HEAD')).toBe('install naming r/HEAD')
    expect(beside('cd', 'src/r/.git')).toBe('cd naming src/r/.git')
  })

  it('finds a word known only at run time, and a program writing what its input names', () => {
    expect(beside('tee', undefined)).toBe('tee with a word known only at run time')
    expect(beside('unzip', 'x.zip')).toBe('unzip, which writes the files its input names')
    expect(beside('cp', '-pR', 'a', 'b')).toBe('cp, which writes the files its input names')
    expect(beside('cp', '--recursive', 'a', 'b')).toBe('cp, which writes the files its input names')
  })

  it('leaves programs that write no file, a cd known at run time, and subcommands alone', () => {
    expect(beside('cat', '.git/config')).toBeUndefined()
    expect(beside('grep', '-r', undefined, '.')).toBeUndefined()
    expect(beside('cd', undefined)).toBeUndefined()
    expect(beside('cd', 'config')).toBeUndefined()
    expect(beside('npm', 'config', 'get', 'registry')).toBeUndefined()
    expect(beside('cp', 'src/a.ts', 'src/b.ts')).toBeUndefined()
    expect(beside('sed', '-i', 's/a/b/', '.github/workflows/ci.yml', '.gitignore')).toBeUndefined()
  })
})

describe('namesRepositoryPath, gitWordInRepository and wordPaths (SPEC §26)', () => {
  it('reads a bare repository’s files by the last segment, after an = too', () => {
    expect(namesRepositoryPath('--file=src/b/commondir', true)).toBe(true)
    expect(namesRepositoryPath('src/config', false)).toBe(false)
    expect(namesRepositoryPath('src/config.json', true)).toBe(false)
  })

  it('finds a .git segment in a git command, and a run-time word where git writes by words', () => {
    expect(
      gitWordInRepository(words('git', 'checkout-index', '--prefix=.git/'), 'checkout-index'),
    ).toBe(true)
    expect(gitWordInRepository(words('git', 'merge-file', undefined, 'a', 'b'), 'merge-file')).toBe(
      true,
    )
    expect(gitWordInRepository(words('git', 'checkout', undefined), 'checkout')).toBe(false)
    expect(gitWordInRepository(words('git', 'clone', 'https://example.com/r.git'), 'clone')).toBe(
      false,
    )
  })

  it('gives each literal word, the value after =, and what follows a short option as paths', () => {
    expect(wordPaths(words('sort', '-odocs/notes', 'of=/tmp/x', undefined, '~/y'))).toEqual([
      { anchor: 'cwd', path: '-odocs/notes' },
      { anchor: 'cwd', path: 'docs/notes' },
      { anchor: 'cwd', path: 'of=/tmp/x' },
      { anchor: 'absolute', path: '/tmp/x' },
      { anchor: 'home', path: 'y' },
    ])
  })
})
