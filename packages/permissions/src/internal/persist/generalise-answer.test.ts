import { beforeAll, describe, expect, it } from 'vitest'
import type { Subject } from '@toolpipe/tools'
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

function generalise(subjects: Subject[] | undefined, allow: string[] = [], ruleName = 'Bash') {
  const rules = buildRuleSet(
    [
      {
        kind: 'cli',
        path: undefined,
        label: 'cli',
        format: 'settings',
        value: { permissions: { allow } },
      },
    ],
    { projectRoot: '/project', cwd: '/project', home: '/home/user' },
    () => undefined,
  )
  const evaluation = evaluateCall(
    { ruleName, arguments: {}, subjects, readOnly: false, hints: {}, agentId: undefined },
    { rules, mode: 'default', parser, cwd: '/project', home: '/home/user' },
  )
  return generaliseAnswer(ruleName, subjects, evaluation.analyses, evaluation.explanation, {
    cwd: '/project',
    home: '/home/user',
  })
}

const command = (line: string): Subject[] => [{ kind: 'command', command: line }]

describe('generaliseAnswer (SPEC §18.3)', () => {
  it.each([
    ['npm run test -- --watch', 'Bash(npm run test *)'],
    ['npm test', 'Bash(npm test *)'],
    ['git commit -m "fix it"', 'Bash(git commit *)'],
    ['git push origin main', 'Bash(git push origin *)'],
    ['cargo test --release', 'Bash(cargo test *)'],
    ['docker run ubuntu bash', 'Bash(docker run ubuntu *)'],
    ['kubectl get pods -A', 'Bash(kubectl get pods *)'],
    ['go test ./...', 'Bash(go test ./... *)'],
    ['wc -l greet.js', 'Bash(wc *)'],
    ['make build', 'Bash(make build *)'],
    ['node test.js', 'Bash(node *)'],
    ['python3 ./x.py', 'Bash(python3 *)'],
    ['timeout 30 npm test', 'Bash(npm test *)'],
    ['NODE_ENV=test npm run lint', 'Bash(npm run lint *)'],
    ['./build.sh --fast', 'Bash(./build.sh *)'],
    ["echo 'a*b'", 'Bash(echo "a*b" *)'],
  ])('%j → %s, which then allows it', (line, rule) => {
    expect(generalise(command(line)).rules).toEqual([rule])
    expect(checkPermission({ parser, command: line, rules: { allow: [rule] } }).decision).toBe(
      'allow',
    )
  })

  it('writes one rule per simple command that was not allowed already', () => {
    expect(
      generalise(command('git status && npm test && make'), ['Bash(git status)']).rules,
    ).toEqual(['Bash(npm test *)', 'Bash(make *)'])
  })

  it('never writes a rule for a line holding what no rule may allow, or one it cannot parse', () => {
    expect(generalise(command('npm test && echo $(whoami)'))).toEqual({
      rules: [],
      withheld: 'the line holds a command substitution $(…), which no rule may allow',
    })
    expect(generalise(command('eval "ls"')).rules).toEqual([])
    expect(generalise(command('echo "unterminated')).withheld).toBe(
      'the command line cannot be parsed',
    )
  })

  it('skips a command whose assignments no allow rule can pass (LD_PRELOAD=…)', () => {
    expect(generalise(command('LD_PRELOAD=/tmp/x.so npm test')).rules).toEqual([])
  })

  it('names files exactly in //absolute form, escaped for gitignore; URLs by domain; others by name', () => {
    expect(
      generalise([
        { kind: 'read', path: 'src/../docs/a[1].md' },
        { kind: 'edit', path: '/tmp/!x #1' },
        { kind: 'fetch', url: 'https://Docs.Example.com./x' },
      ]).rules,
    ).toEqual([
      'Read(//project/docs/a\\[1\\].md)',
      'Edit(//tmp/\\!x \\#1)',
      'WebFetch(domain:docs.example.com)',
    ])
    expect(generalise(undefined, [], 'deploy').rules).toEqual(['deploy'])
    expect(generalise(command('echo x > out.txt'), ['Bash(echo *)']).rules).toEqual([
      'Edit(//project/out.txt)',
    ])
  })
})
