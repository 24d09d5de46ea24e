import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import {
  isName,
  jobsRunsCommand,
  joinLiterals,
  joinTexts,
  stripWrapper,
  wordText,
} from './wrappers.js'

describe('stripWrapper', () => {
  it('strips an allow-rule wrapper with its options and positionals, for every rule', () => {
    const line = words('timeout', '-s', 'KILL', '30', 'npm', 'test')
    expect(stripWrapper(line, 0, 'timeout', true)).toEqual({
      kind: 'wrapped',
      next: 4,
      assignments: [],
    })
  })

  it('strips sudo (bundled options read as getopt reads them) for deny and ask rules only', () => {
    expect(stripWrapper(words('sudo', 'rm'), 0, 'sudo', true)).toEqual({ kind: 'none' })
    expect(stripWrapper(words('sudo', '-Eu', 'root', 'rm'), 0, 'sudo', false)).toEqual({
      kind: 'wrapped',
      next: 3,
      assignments: [],
    })
  })

  it('gives the string a shell option makes the wrapper run (sudo -s, flock -c, env -S)', () => {
    expect(stripWrapper(words('sudo', '-s', 'rm', 'x'), 0, 'sudo', false)).toEqual({
      kind: 'split-string',
      value: 'rm x',
      next: 2,
    })
    expect(stripWrapper(words('flock', '/tmp/l', '-c', 'rm x'), 0, 'flock', false)).toEqual({
      kind: 'split-string',
      value: 'rm x',
      next: 3,
    })
    expect(stripWrapper(words('env', '-S', 'rm -rf /'), 0, 'env', true)).toMatchObject({
      kind: 'split-string',
      value: 'rm -rf /',
    })
  })

  it('strips env with its NAME=value words, which it names so that the caller can judge them', () => {
    expect(stripWrapper(words('env', '-i', 'FOO=1', 'npm', 'test'), 0, 'env', true)).toEqual({
      kind: 'wrapped',
      next: 3,
      assignments: ['FOO'],
    })
  })

  it('strips xargs for allow rules only without flags; its command gets unknown words appended', () => {
    expect(stripWrapper(words('xargs', '-0', 'rm'), 0, 'xargs', true)).toEqual({ kind: 'none' })
    expect(stripWrapper(words('xargs', '-0', 'rm'), 0, 'xargs', false)).toEqual({
      kind: 'wrapped',
      next: 2,
      assignments: [],
      appendUnknown: true,
    })
    expect(stripWrapper(words('xargs', '-I', '{}', 'rm', '{}.bak'), 0, 'xargs', false)).toEqual({
      kind: 'wrapped',
      next: 3,
      assignments: [],
      appendUnknown: true,
      replaces: '{}',
    })
  })

  it('leaves `command -v` alone (it runs nothing) and makes an unreadable option unknown', () => {
    expect(stripWrapper(words('command', '-v', 'rm'), 0, 'command', true)).toEqual({ kind: 'none' })
    expect(stripWrapper(words('timeout', '--bogus', '5', 'rm'), 0, 'timeout', true)).toEqual({
      kind: 'unknown',
    })
    expect(stripWrapper(words('ls', '-la'), 0, 'ls', false)).toEqual({ kind: 'none' })
  })

  // bash(1), "Job Control Builtins": `jobs -x command [args]` runs the command, each word that
  // starts with `%` (a job spec) replaced by a process group id; `jobs [-lnprs] [jobspec]` lists.
  it('strips `jobs -x` for deny and ask rules (SPEC §18.2: its command is seen), job specs unknown', () => {
    expect(stripWrapper(words('jobs', '-x', 'sh', '-c', 'rm x'), 0, 'jobs', false)).toEqual({
      kind: 'wrapped',
      next: 2,
      assignments: [],
      replaces: '%',
    })
    expect(stripWrapper(words('jobs', '-xl', '--', 'rm', '%1'), 0, 'jobs', false)).toMatchObject({
      kind: 'wrapped',
      next: 3,
    })
    expect(stripWrapper(words('jobs', '-x', 'rm'), 0, 'jobs', true)).toEqual({ kind: 'none' })
    expect(stripWrapper(words('jobs', '-x', '-q', 'rm'), 0, 'jobs', false)).toEqual({
      kind: 'unknown',
    })
    expect(stripWrapper(words('jobs', undefined, 'rm'), 0, 'jobs', false)).toEqual({
      kind: 'unknown',
    })
  })

  it('leaves `jobs` without -x alone: it lists jobs, whatever its words', () => {
    for (const line of [['jobs'], ['jobs', '-l'], ['jobs', '%1'], ['jobs', '--', '-x', 'rm']]) {
      expect(stripWrapper(words(...line), 0, 'jobs', false), line.join(' ')).toEqual({
        kind: 'none',
      })
    }
    expect(jobsRunsCommand(words('jobs', '-rx', 'rm'))).toBe(true)
    expect(jobsRunsCommand(words('jobs', undefined))).toBe(true)
    expect(jobsRunsCommand(words('jobs', '-l', '%x'))).toBe(false)
  })
})

describe('the words a wrapper hands on', () => {
  it('joins literal words, and gives up on a word known only at run time', () => {
    expect(joinLiterals(words('rm', '-rf', '/'))).toBe('rm -rf /')
    expect(joinLiterals(words('rm', undefined))).toBeUndefined()
    expect(joinTexts(words('rm', undefined))).toBe('rm \u0001')
    expect(wordText(words(undefined)[0])).toBe('\u0001')
    expect(wordText(undefined)).toBeUndefined()
  })

  it('knows a shell variable name: letters, digits and _, not starting with a digit', () => {
    expect(['FOO_1', '_x', '1A', 'A-B', ''].filter(isName)).toEqual(['FOO_1', '_x'])
  })
})
