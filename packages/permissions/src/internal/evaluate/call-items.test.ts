import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import type { BashParser } from '../shell/bash-parser.js'
import { maxSubjects } from './call-input.js'
import { CallItems } from './call-items.js'
import type { CallFacts } from './evaluation-context.js'

const noParser: BashParser = { parse: () => undefined, types: [], named: [] }

function items(
  ruleName: string,
  mode: 'default' | 'acceptEdits' | 'bypassPermissions' = 'default',
  args: unknown = { b: 'secret', a: 1 },
  subjects?: CallFacts['subjects'],
) {
  const rules = ruleSetOf(
    { allow: ['Read(src/**)', 'Edit(**)'], deny: ['Gone'], additionalDirectories: ['/shared'] },
    '[[rule]]\ntoolName = "run_shell_command"\nargsPattern = "secret"\ndecision = "deny"\npriority = 1\n',
  )
  return new CallItems(
    { ruleName, arguments: args, subjects, readOnly: true, hints: {}, agentId: undefined },
    { rules, mode, parser: noParser, cwd: '/project', home: '/home/u' },
  )
}

function nested(levels: number): unknown {
  let value: unknown = 'secret'
  for (let level = 0; level < levels; level++) value = { a: value }
  return value
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

describe('CallItems on inputs too large to judge (SPEC §26, bounded work)', () => {
  it('asks at once for arguments or subjects past 100 KB, or too many subjects, in every mode', () => {
    const big = { q: 'x'.repeat(102_400) }
    const many = Array.from({ length: maxSubjects + 1 }, () => ({
      kind: 'read' as const,
      path: 'a',
    }))
    for (const call of [
      items('Deploy', 'bypassPermissions', big),
      items('Deploy', 'bypassPermissions', {}, [{ kind: 'read', path: 'x'.repeat(102_401) }]),
      items('Deploy', 'bypassPermissions', {}, many),
    ]) {
      expect(call.oversized()).toMatchObject({ decision: 'ask', basis: 'cannot-read' })
    }
    expect(items('Deploy', 'bypassPermissions', { q: 'x'.repeat(102_390) }).oversized()).toBe(
      undefined,
    )
    expect(
      items('Deploy', 'default', {
        get x() {
          throw new Error('no')
        },
      }).oversized(),
    ).toMatchObject({
      decision: 'ask',
      reason: "the call's arguments cannot be read (a getter threw)",
    })
  })

  it('still denies what a rule on the tool’s name alone denies', () => {
    expect(items('Gone', 'default', { q: 'x'.repeat(200_000) }).oversized()).toMatchObject({
      decision: 'deny',
      rule: { text: 'Gone' },
    })
    const gemini = items('run_shell_command', 'bypassPermissions', { q: 'x'.repeat(200_000) })
    // The deny's argsPattern cannot be read against the arguments: it may match.
    expect(gemini.oversized()).toMatchObject({ decision: 'ask' })
    expect(gemini.gemini.argsJson()).toBeUndefined()
  })

  it('gives Gemini rules no JSON of arguments deeper than 512 levels: a deny may match', () => {
    const call = items('run_shell_command', 'default', nested(5_000))
    expect(call.oversized()).toBeUndefined()
    expect(call.gemini.argsJson()).toBeUndefined()
    expect(call.argsJsonWith('ls')).toBeUndefined()
    expect(call.geminiOnCall()).toMatchObject({ decision: 'ask', basis: 'possibly-denied' })
    const shallow = items('run_shell_command', 'default', nested(500))
    expect(shallow.gemini.argsJson()).toContain('"secret"')
    expect(shallow.geminiOnCall()).toMatchObject({ decision: 'deny' })
  })

  it('asks for a path past PATH_MAX or too many folders, which an allow of every path cannot allow', () => {
    const call = items('Edit', 'bypassPermissions')
    for (const path of [`/project/${'a'.repeat(5_000)}`, `/project/${'a/'.repeat(100)}f`]) {
      expect(call.decide(call.pathItem('edit', [path], false))).toMatchObject({
        decision: 'ask',
        basis: 'cannot-read',
      })
    }
    expect(call.decide(call.pathItem('edit', ['/project/a/f'], false)).decision).toBe('allow')
  })

  it('asks for the paths past what one call may spend matching them', () => {
    const call = items('Edit', 'bypassPermissions')
    const deep = `/project/${`${'d'.repeat(60)}/`.repeat(60)}f`
    const decisions = Array.from(
      { length: 120 },
      () => call.decide(call.pathItem('edit', [deep], false)).decision,
    )
    expect(decisions[0]).toBe('allow')
    expect(decisions.at(-1)).toBe('ask')
  })
})
