import type { Subject } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ruleContext, ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import { generaliseAnswer } from './generalise-answer.js'

const parser = bashParser()

/** What an always-answer (`list`) to one command subject adds, `cd` and `echo` allowed. */
function answer(subject: Extract<Subject, { kind: 'command' }>, list: 'allow' | 'deny') {
  const subjects = [subject]
  const evaluation = evaluateCall(
    { ruleName: 'Bash', arguments: {}, subjects, readOnly: false, hints: {}, agentId: undefined },
    {
      rules: ruleSetOf({ allow: ['Bash(cd *)', 'Bash(echo *)'] }),
      mode: 'default',
      parser: parser(),
      ...ruleContext,
    },
  )
  expect(evaluation.explanation.decision).toBe('ask')
  return generaliseAnswer('Bash', subjects, evaluation, ruleContext, list)
}

// SPEC §18.3: "`Read`/`Edit` rules name the exact path in `//absolute` form"; §26: "cd/pushd in
// the line move the base of later relative paths" — a rule never names a file the person did not
// see.
describe('an always-answer for a redirection after cd (SPEC §18.3, §26)', () => {
  it.each(['allow', 'deny'] as const)(
    'writes no %s rule for a file the cd commands leave in two places: the answer applies once',
    (list) => {
      expect(
        answer({ kind: 'command', command: 'cd /nowhere && echo x > notes.txt' }, list),
      ).toEqual({
        rules: [],
        withheld: [
          'a redirection to a file whose place depends on which cd commands of the line ran (/project/notes.txt, /nowhere/notes.txt), so no rule names it: the answer applies once',
        ],
      })
    },
  )

  it('names the file where it is certain: the path it really has after the cd', () => {
    expect(
      answer({ kind: 'command', command: 'cd . && echo x > notes.txt' }, 'allow').rules,
    ).toEqual(['Edit(//project/notes.txt)'])
    expect(
      answer({ kind: 'command', command: 'cd /nowhere && echo x > /nowhere/notes.txt' }, 'allow')
        .rules,
    ).toEqual(['Edit(//nowhere/notes.txt)'])
    // The subject's own working directory is where its line starts.
    expect(
      answer({ kind: 'command', command: 'echo x > notes.txt', cwd: '/nowhere' }, 'allow').rules,
    ).toEqual(['Edit(//nowhere/notes.txt)'])
  })

  it('lists at most three of the places in its warning', () => {
    const { rules, withheld } = answer(
      { kind: 'command', command: 'cd /nowhere/a && cd /nowhere/b && cd /nowhere/c && echo x > n' },
      'allow',
    )
    expect(rules).toEqual([])
    expect(withheld).toEqual([
      'a redirection to a file whose place depends on which cd commands of the line ran (/project/n, /nowhere/a/n, /nowhere/b/n, …), so no rule names it: the answer applies once',
    ])
  })
})
