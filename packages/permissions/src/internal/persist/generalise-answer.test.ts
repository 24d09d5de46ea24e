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

function generalise(
  subjects: Subject[] | undefined,
  allow: string[] = [],
  ruleName = 'Bash',
  ask: string[] = [],
) {
  const rules = buildRuleSet(
    [
      {
        kind: 'cli',
        path: undefined,
        label: 'cli',
        format: 'settings',
        value: { permissions: { allow, ask } },
      },
    ],
    { projectRoot: '/project', cwd: '/project', home: '/home/user' },
    () => undefined,
  )
  const evaluation = evaluateCall(
    { ruleName, arguments: {}, subjects, readOnly: false, hints: {}, agentId: undefined },
    { rules, mode: 'default', parser, cwd: '/project', home: '/home/user' },
  )
  return generaliseAnswer(
    ruleName,
    subjects,
    evaluation,
    { cwd: '/project', home: '/home/user' },
    'allow',
  )
}

const command = (line: string): Subject[] => [{ kind: 'command', command: line }]

describe('generaliseAnswer (SPEC §18.3)', () => {
  it.each([
    ['npm run test -- --watch', 'Bash(npm run test *)'],
    ['npm test', 'Bash(npm test *)'],
    ['git commit -m "fix it"', 'Bash(git commit *)'],
    // SPEC §26: `Bash(git push origin *)` would allow `git push origin --force main` too.
    ['git push origin main', 'Bash(git push origin main)'],
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
      withheld: ['the line holds a command substitution $(…), which no rule may allow'],
    })
    expect(generalise(command('eval "ls"')).rules).toEqual([])
    expect(generalise(command('echo "unterminated')).withheld).toEqual([
      'the command line cannot be parsed',
    ])
  })

  it('skips a command whose assignments no allow rule can pass (LD_PRELOAD=…), and says why', () => {
    expect(generalise(command('LD_PRELOAD=/tmp/x.so npm test')).rules).toEqual([])
    expect(generalise(command('FOO=bar make build'))).toEqual({
      rules: [],
      withheld: [
        '"FOO=bar make build": it sets a variable (or runs through a wrapper) no allow rule may allow',
      ],
    })
  })

  // SPEC §26: always-answers never generalise over a word known only at run time.
  it.each([
    // git's subcommand known only at run time may be an alias: the line is not even allowable.
    ['git $SUB origin', 'the line holds git options known only at run time'],
    ['ls *.txt', 'a rule would stand for "….txt", which is known only when it runs'],
    // npm reads a word known only at run time as a flag too (`--script-shell=…`).
    ['npm run $SCRIPT', 'the line holds npm words known only at run time'],
    ['make $TARGET', 'a rule would stand for "…", which is known only when it runs'],
    ['cat $FILE', 'a rule would stand for "…", which is known only when it runs'],
  ])('never generalises over a run-time word: %j', (line, why) => {
    const answer = generalise(command(line))
    expect(answer.rules).toEqual([])
    expect(answer.withheld[0]).toContain(why)
  })

  // SPEC §26: programs that destroy or escalate get the exact command, never `Name *`.
  it.each([
    ['rm -rf node_modules', 'Bash(rm -rf node_modules)'],
    ['sudo rm -rf ./build', 'Bash(sudo rm -rf ./build)'],
    ['git push --force origin main', 'Bash(git push --force origin main)'],
    ['git reset --hard HEAD~1', 'Bash(git reset --hard HEAD~1)'],
    ['chmod -R 777 .', 'Bash(chmod -R 777 .)'],
    ['kill -9 1234', 'Bash(kill -9 1234)'],
    ['npm publish --access public', 'Bash(npm publish --access public)'],
    // Read as the program reads them: a path, a bundle of flags, an option's value, options
    // before the subcommand.
    ['/bin/rm -rf a', 'Bash(/bin/rm -rf a)'],
    ['git push -fu origin main', 'Bash(git push -fu origin main)'],
    [
      'git push --force-with-lease=main origin main',
      'Bash(git push --force-with-lease=main origin main)',
    ],
    ['git --no-pager push --force', 'Bash(git --no-pager push --force)'],
    ['git -C repo status', 'Bash(git -C repo status)'],
    ['kubectl -n x delete pod y', 'Bash(kubectl -n x delete pod y)'],
    ['docker system prune -af', 'Bash(docker system prune -af)'],
  ])('%j → exactly %s, which allows that command and no other', (line, rule) => {
    expect(generalise(command(line)).rules).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
    expect(checkPermission({ parser, command: `${line} /`, rules }).decision).toBe('ask')
  })

  it('still widens what does not destroy: a subcommand right after the program, its options after', () => {
    // SPEC §26: not `git push`, whose wide rule would allow `git push origin --force main` too.
    expect(generalise(command('git push origin main')).rules).toEqual([
      'Bash(git push origin main)',
    ])
    expect(generalise(command('git commit -m fix')).rules).toEqual(['Bash(git commit *)'])
    expect(generalise(command('git status --short')).rules).toEqual(['Bash(git status *)'])
    expect(generalise(command('kubectl get pods -n x')).rules).toEqual(['Bash(kubectl get pods *)'])
    expect(generalise(command('docker ps -a')).rules).toEqual(['Bash(docker ps *)'])
  })

  it('writes no allow for a command an ask rule matched: it could never apply', () => {
    const answer = generalise(command('npm publish && make'), [], 'Bash', ['Bash(npm publish *)'])
    expect(answer.rules).toEqual(['Bash(make *)'])
    expect(answer.withheld).toEqual([
      '"npm publish": Bash(npm publish *) asks about it, so an allow rule could never apply',
    ])
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
