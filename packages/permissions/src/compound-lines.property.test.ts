import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { checkPermission } from './internal/check-permission.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
  // The clock stands still: these properties are about what the judge decides of a line it
  // reads, and a decision whose parse outlasts its 30 ms (a loaded CI machine, a collection)
  // asks instead, by design (bounded-work.test.ts holds that). Counted work still bounds it.
  vi.spyOn(performance, 'now').mockReturnValue(0)
})
afterAll(() => {
  vi.restoreAllMocks()
})

const rules = {
  allow: ['Bash(npm test *)', 'Bash(git status)', 'Bash(git diff *)', 'Bash(ls *)', 'Bash(echo *)'],
  deny: ['Bash(rm *)', 'Bash(curl *)'],
}

/** A simple command: allowed, merely unknown, or denied by the rules above. */
const simpleCommand = fc.oneof(
  fc.constantFrom(
    'npm test',
    'npm test -- --coverage',
    'git status',
    'git diff HEAD',
    'ls -la',
    'echo hi',
    'ls',
  ),
  fc.constantFrom('wc -l x', 'git push', 'npm publish', 'cat .env', 'python3 x.py', 'lsof', 'gitk'),
  fc.constantFrom('rm -rf /', 'rm x', 'curl https://x.example', '/bin/rm y'),
  fc
    .tuple(
      fc.constantFrom('echo', 'ls', 'grep', 'rm'),
      fc.array(fc.constantFrom('-l', 'a', '"b c"', "'d'", 'e\\ f'), { maxLength: 3 }),
    )
    .map(([name, args]) => [name, ...args].join(' ')),
)

const operator = fc.constantFrom(' && ', ' || ', '; ', ' | ', ' |& ', ' & ', '\n')

/** A compound line: commands joined by operators, some inside subshells or groups. */
const compound = fc
  .array(fc.tuple(simpleCommand, fc.constantFrom('plain', 'subshell', 'group', 'timeout', 'not')), {
    minLength: 2,
    maxLength: 5,
  })
  .chain((parts) =>
    fc
      .array(operator, { minLength: parts.length - 1, maxLength: parts.length - 1 })
      .map((operators) => ({
        parts: parts.map(([command]) => command),
        line: parts
          .map(([command, wrap]) =>
            wrap === 'subshell'
              ? `(${command})`
              : wrap === 'group'
                ? `{ ${command}; }`
                : wrap === 'timeout'
                  ? `timeout 5 ${command}`
                  : wrap === 'not'
                    ? `! ${command}`
                    : command,
          )
          .reduce(
            (line, part, index) =>
              index === 0 ? part : `${line}${operators[index - 1] ?? ''}${part}`,
            '',
          ),
      })),
  )

describe('compound lines', () => {
  it('are never allowed unless every part is, and denied when any part is', () => {
    fc.assert(
      fc.property(compound, ({ parts, line }) => {
        const decision = checkPermission({ parser, command: line, rules }).decision
        const alone = parts.map(
          (part) => checkPermission({ parser, command: part, rules }).decision,
        )
        if (decision === 'allow') expect(alone.every((each) => each === 'allow')).toBe(true)
        if (alone.includes('deny')) expect(decision).toBe('deny')
        if (alone.every((each) => each === 'allow')) expect(decision).toBe('allow')
      }),
      propertyParameters(10_000),
    )
  })

  it('never crash on arbitrary text, and never allow a line the rules do not cover', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (line) => {
        const decision = checkPermission({
          parser,
          command: line,
          rules: { deny: ['Bash(rm *)'] },
        }).decision
        expect(['ask', 'deny']).toContain(decision)
      }),
      propertyParameters(2_000),
    )
  })
})
