import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import type { BashParser } from '../shell/bash-parser.js'
import { CallItems } from './call-items.js'

const noParser: BashParser = { parse: () => undefined, types: [], named: [] }

function items(ruleName: string, mode: 'default' | 'acceptEdits' = 'default') {
  const rules = ruleSetOf(
    { allow: ['Read(src/**)'], additionalDirectories: ['/shared'] },
    '[[rule]]\ntoolName = "run_shell_command"\nargsPattern = "secret"\ndecision = "deny"\npriority = 1\n',
  )
  return new CallItems(
    {
      ruleName,
      arguments: { b: 'secret', a: 1 },
      subjects: undefined,
      readOnly: true,
      hints: {},
      agentId: undefined,
    },
    { rules, mode, parser: noParser, cwd: '/project', home: '/home/u' },
  )
}

describe('CallItems', () => {
  it('names the tool as rules do, and gives Gemini rules the arguments’ canonical JSON', () => {
    const call = items('run_shell_command')
    expect(call.target).toEqual({ ruleName: 'Bash', server: undefined })
    expect(call.gemini.argsJson()).toBe('{"a":1,"b":"secret"}')
    expect(call.geminiOnCall()).toMatchObject({ decision: 'deny' })
    expect(items('mcp__github__create_issue').target).toEqual({
      ruleName: 'mcp__github__create_issue',
      server: 'github',
    })
  })

  it('says whether a file lies inside the working or an additional directory', () => {
    const call = items('Read', 'acceptEdits')
    expect(call.pathItem('edit', ['/shared/a.txt'], false)).toMatchObject({ insideEdit: true })
    expect(call.pathItem('edit', ['/elsewhere/a.txt'], false)).toMatchObject({ insideEdit: false })
    expect(call.pathItem('read', ['/project/src/a.ts'], false)).toMatchObject({
      insideRead: true,
      verdict: { decision: 'allow' },
    })
  })

  it('records the final decision of every item it decides', () => {
    const call = items('Read', 'acceptEdits')
    call.decide(call.pathItem('edit', ['/shared/a.txt'], false))
    call.decide({ verdict: undefined })
    expect(call.finals.map((final) => final.decision)).toEqual(['allow', 'ask'])
  })
})
