import type { PermissionSettings } from '@toolpipe/settings-files'
import type { JsonValue } from '@toolpipe/core'
import type { Subject } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ruleContext, ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import type { Explanation } from '../../explanation.js'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import { generaliseAnswer } from './generalise-answer.js'

const parser = bashParser()

/** What an always-answer (`list`) to a call of `ruleName` adds, under `permissions`. */
function answer(
  list: 'allow' | 'deny',
  permissions: PermissionSettings,
  ruleName: string,
  subjects: Subject[] | undefined,
  args: JsonValue = {},
  gemini?: string,
) {
  const evaluation = evaluateCall(
    { ruleName, arguments: args, subjects, readOnly: false, hints: {}, agentId: undefined },
    { rules: ruleSetOf(permissions, gemini), mode: 'default', parser: parser(), ...ruleContext },
  )
  expect(evaluation.explanation.decision).toBe('ask')
  return generaliseAnswer(ruleName, subjects, evaluation, ruleContext, list)
}

// SPEC §26: always-answers "write nothing for commands that an `ask` rule matched (an allow
// there can never apply; logged)" — for every kind of subject, and for a tool matched by name.
describe('an always-answer for what an ask rule matched (SPEC §26)', () => {
  it.each([
    ['a tool matched by name', ['deploy'], 'deploy', undefined, {}, '"deploy": deploy'],
    [
      'a tool matched by a parameter',
      ['deploy(env:prod)'],
      'deploy',
      undefined,
      { env: 'prod' },
      '"deploy": deploy(env:prod)',
    ],
    [
      'a file read',
      ['Read(src/**)'],
      'Read',
      [{ kind: 'read', path: 'src/a.ts' }],
      {},
      '"src/a.ts": Read(src/**)',
    ],
    [
      'a file edited',
      ['Edit(/src/**)'],
      'Edit',
      [{ kind: 'edit', path: 'src/a.ts' }],
      {},
      '"src/a.ts": Edit(/src/**)',
    ],
    [
      'a URL fetched',
      ['WebFetch(domain:example.com)'],
      'WebFetch',
      [{ kind: 'fetch', url: 'https://example.com/x' }],
      {},
      '"https://example.com/x": WebFetch(domain:example.com)',
    ],
  ] as const)('writes no allow for %s, and says why', (_, ask, ruleName, subjects, args, why) => {
    const written = answer('allow', { ask: [...ask] }, ruleName, subjects && [...subjects], args)
    expect(written).toEqual({
      rules: [],
      withheld: [`${why} asks about it, so an allow rule could never apply`],
    })
    // A deny answer applies (deny rules come first): it is written.
    const denied = answer('deny', { ask: [...ask] }, ruleName, subjects && [...subjects], args)
    expect(denied.rules).toHaveLength(1)
    expect(denied.withheld).toEqual([])
  })

  it('writes no Edit allow for a redirection an ask rule matched', () => {
    const subjects: Subject[] = [{ kind: 'command', command: 'echo x > out.txt' }]
    expect(
      answer('allow', { allow: ['Bash(echo *)'], ask: ['Edit(out.txt)'] }, 'Bash', subjects),
    ).toEqual({
      rules: [],
      withheld: [
        '"/project/out.txt": Edit(out.txt) asks about it, so an allow rule could never apply',
      ],
    })
  })

  it('writes no allow for a tool a Gemini ask_user rule matched', () => {
    const policy = '[[rule]]\ntoolName = "deploy"\ndecision = "ask_user"\npriority = 1\n'
    const written = answer('allow', {}, 'deploy', undefined, {}, policy)
    expect(written.rules).toEqual([])
    expect(written.withheld[0]).toMatch(
      /^"deploy": .* asks about it, so an allow rule could never apply$/,
    )
  })

  it('still writes the name of a tool no rule matched', () => {
    expect(answer('allow', {}, 'deploy', undefined)).toEqual({ rules: ['deploy'], withheld: [] })
    expect(answer('allow', { ask: ['deploy(env:prod)'] }, 'deploy', [], { env: 'dev' })).toEqual({
      rules: ['deploy'],
      withheld: [],
    })
  })
})

// SPEC §26 (fail closed): a call whose subjects could not be read is not a tool matched by
// name; its name as a rule would stand for every call of the tool.
describe('an always-answer for a call whose subjects could not be read (SPEC §26)', () => {
  const unread: Explanation = {
    decision: 'ask',
    basis: 'cannot-read',
    mode: 'default',
    reason: 'its subjects could not be read: boom',
    subjects: [],
  }

  it.each(['allow', 'deny'] as const)('writes no %s rule, and says why', (list) => {
    expect(
      generaliseAnswer('Bash', undefined, { explanation: unread, analyses: [] }, ruleContext, list),
    ).toEqual({
      rules: [],
      withheld: [
        'its subjects cannot be read (its subjects could not be read: boom), so a rule for it would stand for every call of Bash',
      ],
    })
  })
})
