import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { analyzeShell } from '../shell/analyze-shell.js'
import { callVerdict, commandVerdict, fetchVerdict, pathVerdict } from './claude-verdicts.js'
import type { Verdict } from './verdict.js'

const parser = bashParser()
const rules = ruleSetOf({
  allow: [
    'Bash(npm test *)',
    'Bash(ls *)',
    'Read(src/**)',
    'WebFetch(domain:example.com)',
    'deploy',
  ],
  ask: ['Bash(git push *)', 'Edit(docs/**)'],
  deny: ['Bash(rm *)', 'Read(.env)', 'WebFetch(domain:evil.com)', 'deploy(env:prod)'],
})
const tool = (ruleName: string) => ({ ruleName, server: undefined })

/** A verdict as the tests read it: decision, rule text, basis. */
function brief(verdict: Verdict | undefined) {
  return verdict === undefined
    ? undefined
    : [verdict.decision, verdict.rule?.text, verdict.basis ?? 'rule']
}

function onCommand(line: string) {
  const [command] = analyzeShell(parser(), line).commands
  if (command === undefined) throw new Error('no command')
  return brief(commandVerdict(command, tool('Bash'), rules))
}

describe('commandVerdict', () => {
  it('denies what a deny rule must match, whatever the unknown parts are', () => {
    expect(onCommand('rm -rf /')).toEqual(['deny', 'Bash(rm *)', 'rule'])
    expect(onCommand('rm $X')).toEqual(['deny', 'Bash(rm *)', 'rule'])
  })

  it('asks where an ask rule may match, or a program no table knows may run a denied one', () => {
    expect(onCommand('git push origin')).toEqual(['ask', 'Bash(git push *)', 'rule'])
    expect(onCommand('git $SUB x')).toEqual(['ask', 'Bash(git push *)', 'rule'])
    expect(onCommand('mytool rm -rf /')).toEqual(['ask', 'Bash(rm *)', 'possibly-denied'])
  })

  it('allows what an allow rule must match, and leaves the rest to the mode', () => {
    expect(onCommand('npm test -- --watch')).toEqual(['allow', 'Bash(npm test *)', 'rule'])
    expect(onCommand('grep rm notes')).toBeUndefined()
    expect(onCommand('FOO=1 npm test')).toBeUndefined()
  })
})

describe('pathVerdict', () => {
  it('denies a read or an edit of a file a Read deny names; asks on an Edit ask', () => {
    expect(brief(pathVerdict('read', ['/project/.env'], tool('Read'), rules, false))).toEqual([
      'deny',
      'Read(.env)',
      'rule',
    ])
    expect(brief(pathVerdict('edit', ['/project/.env'], tool('Edit'), rules, false))).toEqual([
      'deny',
      'Read(.env)',
      'rule',
    ])
    expect(brief(pathVerdict('edit', ['/project/docs/a.md'], tool('Edit'), rules, false))).toEqual([
      'ask',
      'Edit(docs/**)',
      'rule',
    ])
  })

  it('allows only when every candidate path matches, and never for a deny-only item', () => {
    const read = (candidates: string[], denyOnly = false) =>
      brief(pathVerdict('read', candidates, tool('Read'), rules, denyOnly))
    expect(read(['/project/src/a.ts'])).toEqual(['allow', 'Read(src/**)', 'rule'])
    expect(read(['/project/src/a.ts', '/project/secrets/x'])).toBeUndefined()
    expect(read(['/project/src/a.ts'], true)).toBeUndefined()
  })

  it('allows a symlink whose link and target each have an allow rule, different ones (§18.2)', () => {
    const linked = ruleSetOf({ allow: ['Read(sub/**)', 'Read(//outside/target.txt)'] })
    const read = (candidates: string[]) =>
      brief(pathVerdict('read', candidates, tool('Read'), linked, false))
    expect(read(['/project/sub/link.txt', '/outside/target.txt'])).toEqual([
      'allow',
      'Read(sub/**)',
      'rule',
    ])
    expect(read(['/project/sub/link.txt', '/outside/other.txt'])).toBeUndefined()
    expect(read(['/project/elsewhere/link.txt', '/outside/target.txt'])).toBeUndefined()
  })
})

describe('fetchVerdict and callVerdict', () => {
  it('judges a URL by its host; one without a host asks, since no rule can allow it', () => {
    expect(brief(fetchVerdict('evil.com', tool('WebFetch'), rules))).toEqual([
      'deny',
      'WebFetch(domain:evil.com)',
      'rule',
    ])
    expect(brief(fetchVerdict('example.com', tool('WebFetch'), rules))?.[0]).toBe('allow')
    expect(brief(fetchVerdict(undefined, tool('WebFetch'), rules))).toEqual([
      'ask',
      undefined,
      'cannot-read',
    ])
    expect(fetchVerdict('other.com', tool('WebFetch'), rules)).toBeUndefined()
  })

  it('judges a tool matched by name by bare rules and parameter denies', () => {
    expect(brief(callVerdict({ env: 'prod' }, tool('deploy'), rules))).toEqual([
      'deny',
      'deploy(env:prod)',
      'rule',
    ])
    expect(brief(callVerdict({ env: 'dev' }, tool('deploy'), rules))).toEqual([
      'allow',
      'deploy',
      'rule',
    ])
    expect(callVerdict({}, tool('other'), rules)).toBeUndefined()
  })
})
