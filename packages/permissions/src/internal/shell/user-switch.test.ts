import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { readUserSwitch } from './user-switch.js'

/** What su/runuser runs, as literals (`?` for a word known only at run time). */
function runs(...texts: (string | undefined)[]): string[] | string {
  const found = readUserSwitch(words(...texts), 0)
  return found.kind === 'runs' ? found.words.map((word) => word.literal ?? '?') : found.kind
}

// runuser(1), su(1) (util-linux): options read by GNU getopt, anywhere before `--`.
describe('readUserSwitch (SPEC §26: wrappers as data)', () => {
  it.each([
    [
      ['runuser', '-u', 'root', '--', 'rm', '-rf', 'x'],
      ['rm', '-rf', 'x'],
    ],
    [
      ['runuser', '-u', 'root', 'rm', 'x'],
      ['rm', 'x'],
    ],
    [
      ['runuser', '--user=root', 'rm', 'x'],
      ['rm', 'x'],
    ],
    [
      ['runuser', '-uroot', 'rm', 'x'],
      ['rm', 'x'],
    ],
    [
      ['runuser', '-u', undefined, 'rm', 'x'],
      ['rm', 'x'],
    ],
    [['su', '-s', '/bin/rm', 'root'], ['/bin/rm']],
    [
      ['su', 'root', '-s', '/bin/rm', 'x'],
      ['/bin/rm', 'x'],
    ],
    [
      ['su', '--shell=/bin/rm', '-', 'root', 'x'],
      ['/bin/rm', 'x'],
    ],
    [['su', '--shell', '/bin/rm', 'root'], ['/bin/rm']],
    [['su', '-ms/bin/rm', 'root'], ['/bin/rm']],
    [['su', '-lms', '/bin/rm'], ['/bin/rm']],
    [['su', '-s', undefined, 'root'], ['?']],
  ])('%j runs %j', (line, expected) => {
    expect(runs(...line)).toEqual(expected)
  })

  it.each([
    [['su', 'root'], 'none'],
    [['su', '-', 'root', '-c', 'ls'], 'none'],
    [['runuser', '-u', 'root'], 'none'],
    [['su', '-x', 'root'], 'unknown'],
    [['su', undefined], 'unknown'],
    [['su', '-s'], 'unknown'],
  ])('%j: %s', (line, expected) => {
    expect(runs(...line)).toBe(expected)
  })
})
