import type { Ignore, Options } from 'ignore'
import { describe, expect, it, vi } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { pathVerdict } from '../evaluate/claude-verdicts.js'
import { compilePathPattern, matchesPath } from './path-pattern.js'

// `ignore` failing at match time, on a path holding "boom", for a pattern holding "fragile", after
// the pattern compiled and matched at load: no pattern is known to do that, so it is made here.
vi.mock('ignore', async (importOriginal) => {
  const real = (await importOriginal<{ default: (options?: Options) => Ignore }>()).default
  return {
    default: (options?: Options) => {
      const made = real(options)
      const add = made.add.bind(made)
      const ignores = made.ignores.bind(made)
      let fragile = false
      made.add = (pattern) => {
        fragile ||= typeof pattern === 'string' && pattern.includes('fragile')
        return add(pattern)
      }
      made.ignores = (path) => {
        if (fragile && path.includes('boom')) throw new SyntaxError('Regular expression too large')
        return ignores(path)
      }
      return made
    },
  }
})

const roots = { home: '/home/u', root: '/project', cwd: '/project' }
const target = { ruleName: 'Read', server: undefined }

// SPEC §26: the policy layer fails closed — a rule that cannot be matched never lets a call
// through, and never crashes the decision.
describe('a path rule whose matcher fails at match time (SPEC §26)', () => {
  it('cannot tell, and never throws', () => {
    const rule = compilePathPattern('/fragile/**', roots, false)
    if (typeof rule === 'string') throw new Error(rule)
    expect(matchesPath(rule, '/project/fragile/a')).toBe(true)
    expect(matchesPath(rule, '/project/fragile/boom')).toBeUndefined()
    expect(matchesPath(rule, '/project/boom')).toBeUndefined()
    expect(matchesPath(rule, '/elsewhere/boom')).toBe(false)
  })

  it('asks (cannot-read) where a deny or an ask rule cannot be matched, never allows', () => {
    for (const rules of [
      ruleSetOf({ deny: ['Read(//tmp/fragile/**)'], allow: ['Read'] }),
      ruleSetOf({ ask: ['Read(//tmp/fragile/**)'], allow: ['Read(//**)'] }),
    ]) {
      expect(pathVerdict('read', ['/tmp/boom'], target, rules, false)).toMatchObject({
        decision: 'ask',
        basis: 'cannot-read',
        reason:
          'rule "Read(//tmp/fragile/**)" in cli settings could not be matched against /tmp/boom',
      })
    }
    const allowOnly = ruleSetOf({ allow: ['Read(//tmp/fragile/**)'] })
    expect(pathVerdict('read', ['/tmp/boom'], target, allowOnly, false)).toMatchObject({
      decision: 'ask',
      basis: 'cannot-read',
    })
    expect(pathVerdict('read', ['/tmp/fragile/fine'], target, allowOnly, false)?.decision).toBe(
      'allow',
    )
  })

  it('still denies where another deny rule matches', () => {
    const rules = ruleSetOf({ deny: ['Read(//tmp/fragile/**)', 'Read(boom)'] })
    expect(pathVerdict('read', ['/project/boom'], target, rules, false)).toMatchObject({
      decision: 'deny',
      reason: 'denied by rule "Read(boom)" in cli settings',
    })
  })
})
