import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from '../check-permission.js'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import { buildRuleSet } from '../rules/rule-set.js'
import { loadBashParser } from '../shell/bash-parser.js'
import type { BashParser } from '../shell/bash-parser.js'
import { generaliseAnswer } from './generalise-answer.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

/** The rules an always-answer (`list`) to `line` writes, with no rule in force. */
function answered(line: string, list: 'allow' | 'deny'): readonly string[] {
  const rules = buildRuleSet([], { projectRoot: '/p', cwd: '/p', home: '/h' }, () => undefined)
  const subjects = [{ kind: 'command' as const, command: line }]
  const evaluation = evaluateCall(
    { ruleName: 'Bash', arguments: {}, subjects, readOnly: false, hints: {}, agentId: undefined },
    { rules, mode: 'default', parser, cwd: '/p', home: '/h' },
  )
  const answer = generaliseAnswer('Bash', subjects, evaluation, { cwd: '/p', home: '/h' }, list)
  return answer.rules
}

/** Each way to spell a push that overwrites or deletes what the remote has. */
const destructivePushes = [
  'git push origin +main',
  'git push origin +HEAD:refs/heads/main',
  'git push --force origin main',
  'git push origin --force main',
  'git push origin main --force',
  'git push -f origin main',
  'git push -uf origin main',
  'git push --force-with-lease origin main',
  'git push --force-with-lease=main:abc123 origin main',
  'git push --force-if-includes origin main',
  'git push --mirror origin',
  'git push --delete origin main',
  'git push -d origin main',
  'git push origin :main',
  'git push --prune origin',
  'git --no-pager push --force origin main',
]

// SPEC §26: "never write `Name *` rules for programs that destroy or escalate (… `git push
// --force`, … as data: those get the exact command)".
describe('always-answers for git push (SPEC §26)', () => {
  it.each(destructivePushes)(
    '%j is destructive: allow and deny answers name it exactly',
    (line) => {
      expect(answered(line, 'allow')).toEqual([`Bash(${line})`])
      expect(answered(line, 'deny')).toEqual([`Bash(${line})`])
    },
  )

  it.each([...destructivePushes, 'git push origin main', 'git push'])(
    'the allow rule written for %j allows that command and no other push',
    (line) => {
      const rules = { allow: [...answered(line, 'allow')] }
      expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
      const others = [...destructivePushes, 'git push origin main', 'git push origin dev']
      for (const other of others.filter((candidate) => candidate !== line)) {
        expect({
          other,
          decision: checkPermission({ parser, command: other, rules }).decision,
        }).toEqual({ other, decision: 'ask' })
      }
    },
  )

  it('never widens an allow for a push that does not destroy: the wide rule would allow one that does', () => {
    expect(answered('git push origin main', 'allow')).toEqual(['Bash(git push origin main)'])
    expect(answered('git push -u origin feature', 'allow')).toEqual([
      'Bash(git push -u origin feature)',
    ])
  })

  it('widens a deny for a push that does not destroy: it then denies the forced one too', () => {
    const rules = answered('git push origin main', 'deny')
    expect(rules).toEqual(['Bash(git push origin *)'])
    for (const line of ['git push origin --force main', 'git push origin +main']) {
      expect(checkPermission({ parser, command: line, rules: { deny: [...rules] } }).decision).toBe(
        'deny',
      )
    }
  })
})

describe('always-answers never widen into what destroys (SPEC §26)', () => {
  it.each([
    // The program alone: `Bash(git *)` would allow `git push --force`.
    ['git', 'Bash(git)'],
    ['npm', 'Bash(npm)'],
    // A subcommand whose destructive forms a wide rule would cover.
    ['git stash', 'Bash(git stash)'],
    ['git branch feature', 'Bash(git branch feature)'],
    ['git reset HEAD a.txt', 'Bash(git reset HEAD a.txt)'],
    ['git checkout main', 'Bash(git checkout main)'],
    ['git gc', 'Bash(git gc)'],
    ['kubectl apply -f app.yaml', 'Bash(kubectl apply -f app.yaml)'],
    ['docker system df', 'Bash(docker system df)'],
    ['/usr/bin/git push origin main', 'Bash(/usr/bin/git push origin main)'],
  ])('an allow for %j is exactly %s', (line, rule) => {
    expect(answered(line, 'allow')).toEqual([rule])
  })

  it.each([
    ['git status --short', 'Bash(git status *)'],
    ['git log --oneline', 'Bash(git log *)'],
    ['npm run test -- --watch', 'Bash(npm run test *)'],
    ['kubectl get pods -n x', 'Bash(kubectl get pods *)'],
    ['docker ps -a', 'Bash(docker ps *)'],
  ])('an allow for %j is still the wide %s', (line, rule) => {
    expect(answered(line, 'allow')).toEqual([rule])
  })

  // SPEC §18.3: for npm, pnpm, yarn, git, cargo, go, docker and kubectl "the subcommand and its
  // first argument" — whatever path the program is written with.
  it.each([
    ['/usr/bin/npm run test', 'Bash(/usr/bin/npm run test *)', '/usr/bin/npm run postinstall'],
    [
      './node_modules/.bin/pnpm run lint',
      'Bash(./node_modules/.bin/pnpm run lint *)',
      './node_modules/.bin/pnpm run evil',
    ],
    [
      '/usr/bin/docker run alpine',
      'Bash(/usr/bin/docker run alpine *)',
      '/usr/bin/docker run --privileged -v /:/host alpine',
    ],
  ])('an allow for %j, a program as a path, keeps its first argument: %s', (line, rule, other) => {
    expect(answered(line, 'allow')).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
    expect(checkPermission({ parser, command: other, rules }).decision).toBe('ask')
  })

  it('withholds an exact rule it cannot write (a word known only at run time), and says why', () => {
    expect(answered('git push origin $BRANCH', 'allow')).toEqual([])
  })
})

describe('an always-answer reads back as the command it answered (SPEC §18.3)', () => {
  it.each([
    `make 'a"b' all`,
    `git commit -m 'say "hi"'`,
    `git commit -m 'a\\b'`,
    `git commit -m 'cost $5'`,
    'git commit -m "tab	here"',
    // Exact rules, each word quoted as written.
    `rm 'a"b'`,
    `rm 'back\\slash' 'dollar$x'`,
    `git push origin 'we"ird'`,
  ])('the rule written for %j allows that command', (line) => {
    const rules = { allow: [...answered(line, 'allow')] }
    expect(rules.allow).toHaveLength(1)
    expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
  })
})
