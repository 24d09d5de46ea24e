import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { wrapperDirectories } from './wrapper-directories.js'

// SPEC §26: "cd/pushd in the line move the base of later relative paths"; env(1): `-C, --chdir=DIR
// change working directory to DIR`; sudo(8): `-D directory, --chdir=directory`.
describe('wrapperDirectories (SPEC §26)', () => {
  it("reads env's -C and --chdir as getopt does: the next word, attached, bundled, abbreviated", () => {
    const etc = [{ anchor: 'absolute', path: '/etc' }]
    for (const line of [
      ['env', '-C', '/etc', 'git', 'status'],
      ['env', '-C/etc', 'git'],
      ['env', '--chdir=/etc', 'git'],
      ['env', '--chdir', '/etc', 'git'],
      ['env', '--ch=/etc', 'git'],
      ['env', '-iC', '/etc', 'git'],
      ['env', '-iC/etc', 'git'],
      ['env', '-u', 'HOME', '-C', '/etc', 'git'],
    ]) {
      expect(wrapperDirectories('env', words(...line)), line.join(' ')).toEqual(etc)
    }
    expect(wrapperDirectories('env', words('env', '-C', 'src', 'ls'))).toEqual([
      { anchor: 'cwd', path: 'src' },
    ])
    expect(wrapperDirectories('env', words('env', '-C', '~/x', 'ls'))).toEqual([
      { anchor: 'home', path: 'x' },
    ])
  })

  it("reads sudo's -D, and nothing after the options or in another option's value", () => {
    expect(wrapperDirectories('sudo', words('sudo', '-u', 'root', '-D', '/etc', 'ls'))).toEqual([
      { anchor: 'absolute', path: '/etc' },
    ])
    expect(wrapperDirectories('env', words('env', 'ls', '-C', '/etc'))).toEqual([])
    expect(wrapperDirectories('env', words('env', '-u', '-C', 'ls'))).toEqual([])
    expect(wrapperDirectories('env', words('env', '--', '-C', '/etc'))).toEqual([])
    expect(wrapperDirectories('timeout', words('timeout', '-C', '/etc', 'ls'))).toEqual([])
    expect(wrapperDirectories('git', words('git', '-C', '/etc', 'status'))).toEqual([])
  })

  it('gives an unknown place for a folder known only at run time, or `~` after `=`', () => {
    expect(wrapperDirectories('env', words('env', '-C', undefined, 'ls'))).toEqual([undefined])
    expect(wrapperDirectories('env', words('env', '--chdir=~/x', 'ls'))).toEqual([undefined])
  })
})
