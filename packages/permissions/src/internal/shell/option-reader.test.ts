import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { bundleHas, isLongOptionOf, readOption, readOptions } from './option-reader.js'

describe('readOptions', () => {
  it('reads bundled short options as getopt does: -Eu root is -E, then -u with root', () => {
    const spec = { flags: ['-E'], withValue: ['-u'] }
    expect(readOptions(words('sudo', '-Eu', 'root', 'rm'), 1, spec)).toEqual({
      kind: 'end',
      next: 3,
    })
    expect(readOptions(words('sudo', '-Euroot', 'rm'), 1, spec)).toEqual({ kind: 'end', next: 2 })
  })

  it('takes a long option value attached or as the next word, then the positionals', () => {
    const spec = { withValue: ['--signal'], positionals: 1 }
    expect(readOptions(words('timeout', '--signal=KILL', '30', 'rm'), 1, spec)).toEqual({
      kind: 'end',
      next: 3,
    })
    expect(readOptions(words('timeout', '--signal', 'KILL', '30', 'rm'), 1, spec)).toEqual({
      kind: 'end',
      next: 4,
    })
    expect(readOptions(words('nice', '-10', 'rm'), 1, { numeric: true })).toEqual({
      kind: 'end',
      next: 2,
    })
    expect(readOptions(words('x', '--', '-rm'), 1, {})).toEqual({ kind: 'end', next: 2 })
  })

  it('makes an unknown option, a word known only at run time or a missing positional unknown', () => {
    expect(readOptions(words('x', '-q', 'rm'), 1, { flags: ['-E'] })).toEqual({ kind: 'unknown' })
    expect(readOptions(words('x', undefined, 'rm'), 1, {})).toEqual({ kind: 'unknown' })
    expect(readOptions(words('timeout'), 1, { positionals: 1 })).toEqual({ kind: 'unknown' })
  })

  it('stops at an option after which the command is a string a shell runs', () => {
    expect(readOptions(words('sudo', '-s', 'rm'), 1, { shellOptions: ['-s'] })).toEqual({
      kind: 'shell',
      option: '-s',
      next: 2,
    })
  })

  it('reads one option word, and refuses a value that is not there', () => {
    expect(readOption(words('-n', '5'), 0, { withValue: ['-n'] })).toBe(2)
    expect(readOption(words('-n'), 0, { withValue: ['-n'] })).toBeUndefined()
    expect(readOption(words('-e{}'), 0, { attachedOnly: ['-e'] })).toBe(1)
  })
})

describe('option words', () => {
  it('finds a short option in a bundle and a long one with its value', () => {
    expect(bundleHas('-Eu', '-u')).toBe(true)
    expect(bundleHas('--user=root', '--user')).toBe(true)
    expect(bundleHas('--u', '-u')).toBe(false)
    expect(bundleHas('-x', '-u')).toBe(false)
  })

  it('accepts any abbreviation of a long option, as GNU getopt does', () => {
    expect(isLongOptionOf('--to-com=rm', ['to-command'])).toBe(true)
    expect(isLongOptionOf('--t', ['to-command', 'tape'])).toBe(true)
    expect(isLongOptionOf('-t', ['to-command'])).toBe(false)
    expect(isLongOptionOf('--zzz', ['to-command'])).toBe(false)
  })
})
