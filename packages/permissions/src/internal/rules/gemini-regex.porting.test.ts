import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import { regexCost } from './gemini-regex.js'

/**
 * SPEC §26: porting Gemini CLI policy files "works unchanged", and "regexes that can backtrack
 * catastrophically are refused (warned)" — only those. `argsPattern`s are tried from every
 * position of the arguments' JSON; `commandRegex`es after `"command":"` (from one place).
 */
const argsPattern = (source: string) => regexCost(new RegExp(source), false)
const commandRegex = (source: string) => regexCost(new RegExp(`"command":"${source}`), true)

describe('regexes Gemini CLI policies use are run (SPEC §26 porting)', () => {
  it.each([
    // Gemini CLI's policy-engine reference (docs/reference/policy-engine.md).
    ['"command":"(git|npm)', 'linear'],
    // Gemini CLI's own plan.toml: writes to a plan file only.
    ['"file_path":"[^"]+/\\.gemini/tmp/[a-f0-9]{64}/plans/[a-zA-Z0-9_-]+\\.md"', 'linear'],
    // Gemini CLI's own memory-manager.toml: GEMINI.md files only.
    ['"file_path":"GEMINI\\.md"|"file_path":"[^\\\\"]+(/|\\\\)GEMINI\\.md"', 'linear'],
    ['"url":"https://(www\\.)?github\\.com/', 'linear'],
    ['"file_path":"[^"]*\\.env"', 'linear'],
    ['"command":"rm\\s+-rf\\s+/', 'linear'],
    // An install, whatever follows it: quadratic at worst (the `.*` gives back up to the `"`).
    ['"command":"(npm|pnpm) (install|i)( .*)?"', 'quadratic'],
    ['"command":"(npm|pnpm|yarn) (install|i|add)( .*)?"', 'quadratic'],
    ['"file_path":".*\\.(ts|js)"', 'quadratic'],
  ])('argsPattern %s is %s', (source, cost) => {
    expect(argsPattern(source)).toBe(cost)
  })

  it.each([
    // Gemini CLI's policy-engine reference.
    ['git (commit|push)', 'linear'],
    ['(npm|pnpm|yarn) (install|i|add)( .*)?', 'linear'],
    ['git (status|diff|log)( .*)?"', 'linear'],
    ['(rm|del) .*', 'linear'],
  ])('commandRegex %s is %s', (source, cost) => {
    expect(commandRegex(source)).toBe(cost)
  })
})

describe('regexes that can backtrack catastrophically are refused (SPEC §26)', () => {
  it.each([
    '(a+)+$',
    '(a|a)*$',
    '(.*a){20}',
    '(a*)*b',
    '(x+x+)+y',
    '(\\w+\\s?)*$',
    '(.*,){10}x',
    // Three runs that can overlap: cubic, not quadratic.
    'a.*b.*c.*d$',
    '(.*)(.*)(.*)x',
    // Many ways through groups that start alike: each multiplies the time.
    '(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)(a|a)b',
    '(x.*|x.*)(y.*|y.*)z',
    '( .*)?( .*)?( .*)?"',
  ])('argsPattern %s is unsafe', (source) => {
    expect(argsPattern(source)).toBe('unsafe')
  })

  it('reads alternatives at the top as starting anywhere, even after "command":"', () => {
    // `"command":"a|.*x.*y`: `.*x.*y` is tried from every position.
    expect(commandRegex('a|.*x.*y')).toBe('unsafe')
  })
})

describe('what a run before the end costs (SPEC §26: bounded work)', () => {
  // `$`, `\b` and a literal after a run may fail, and make it give back: `x.*$` took 3.7 s on
  // 50 KB of `x` ending in U+2028 (which `.` does not match, and JSON does not escape).
  it.each([
    ['x.*$', 'quadratic'],
    ['x\\w*\\b', 'quadratic'],
    ['rm -rf [a-z/]*$', 'linear'],
    ['-[a-z]+=[0-9]+;', 'linear'],
  ])('argsPattern %s is %s', (source, cost) => {
    expect(argsPattern(source)).toBe(cost)
  })

  it('reads a regex without flags as V8 does: `\\u{2,}` is `u` repeated, `[]` an empty class', () => {
    expect(argsPattern('\\u{2,}x')).toBe('quadratic')
    expect(argsPattern('[]a]*b')).toBe('linear')
  })
})

const parser = bashParser()

describe('a Gemini policy with a common argsPattern (SPEC §26 porting)', () => {
  it('loads without a warning and allows what it names', () => {
    const policy = [
      '[[rule]]',
      'toolName = "run_shell_command"',
      `argsPattern = '"command":"(npm|pnpm) (install|i)( .*)?"'`,
      'decision = "allow"',
      'priority = 10',
    ].join('\n')
    // ruleSetOf throws on a warning about a rule it drops.
    const rules = ruleSetOf({}, policy)
    const decided = (command: string) =>
      evaluateCall(
        {
          ruleName: 'run_shell_command',
          arguments: { command },
          subjects: [{ kind: 'command', command }],
          readOnly: false,
          hints: {},
          agentId: undefined,
        },
        { rules, mode: 'default', parser: parser(), cwd: '/project', home: '/home/u' },
      ).explanation.decision
    expect(decided('npm install')).toBe('allow')
    expect(decided('pnpm i left-pad')).toBe('allow')
    expect(decided('npm publish')).toBe('ask')
  })
})
