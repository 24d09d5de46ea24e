import { describe, expect, it } from 'vitest'
import type { CompiledRule, RuleOrigin } from './compiled-rule.js'
import { RuleIndex } from './rule-index.js'
import { compileSettingsRule } from './settings-rule.js'
import { ToolCommands } from './tool-commands.js'

const origin: RuleOrigin = { kind: 'cli', path: undefined, label: 'cli settings' }
const roots = { home: '/home/u', root: '/project', cwd: '/project' }

function rule(text: string, order: number): CompiledRule {
  const compiled = compileSettingsRule(text, 'deny', order, origin, order, roots)
  if (typeof compiled === 'string') throw new Error(compiled)
  return compiled
}

function commandsOf(...texts: string[]): ToolCommands {
  const commands = new ToolCommands()
  texts.forEach((text, order) => {
    commands.add(rule(text, order))
  })
  return commands
}

const textsOf = (rules: readonly CompiledRule[]) => rules.map((each) => each.text)

describe('ToolCommands', () => {
  it('brings up a rule whose first word is only matched by a wildcard, in evaluation order', () => {
    const commands = commandsOf(
      'Bash(git push *)',
      'Bash(r* -rf *)',
      'Bash(rm *)',
      'Bash(* --force)',
      'Bash("rm" -i)',
      'Bash(rm:*)',
    )
    expect(textsOf(commands.candidates('rm'))).toEqual([
      'Bash(r* -rf *)',
      'Bash(rm *)',
      'Bash(* --force)',
      'Bash("rm" -i)',
      'Bash(rm:*)',
    ])
    expect(textsOf(commands.candidates('git'))).toEqual([
      'Bash(git push *)',
      'Bash(r* -rf *)',
      'Bash(* --force)',
    ])
    expect(textsOf(commands.candidates('rmdir'))).toEqual(['Bash(r* -rf *)', 'Bash(* --force)'])
    // A first word known only when it runs: every rule could match.
    expect(commands.candidates(undefined)).toHaveLength(6)
    expect([...commands.byWord().keys()]).toEqual(['git', 'rm'])
  })

  it('gives the same answer the second time, and files again after a rule is added', () => {
    const commands = commandsOf('Bash(* --force)', 'Bash(rm *)')
    const first = commands.candidates('rm')
    expect(commands.candidates('rm')).toBe(first)
    commands.add(rule('Bash(rm -rf *)', 2))
    expect(textsOf(commands.candidates('rm'))).toEqual([
      'Bash(* --force)',
      'Bash(rm *)',
      'Bash(rm -rf *)',
    ])
    expect(commands.byWord().get('rm')).toHaveLength(2)
  })

  it('keeps merged lists only for the words rules name (a command’s words add nothing)', () => {
    const commands = commandsOf('Bash(* --force)', 'Bash(rm *)')
    for (let index = 0; index < 100; index++) {
      expect(textsOf(commands.candidates(`word${index}`))).toEqual(['Bash(* --force)'])
    }
    expect(commands.byWord().size).toBe(1)
  })
})

describe('RuleIndex, filed on first use', () => {
  it('files parameter rules when first asked, and again after a rule is added', () => {
    const index = new RuleIndex()
    index.add(rule('deploy(env:prod)', 0))
    expect(textsOf(index.specified.get('deploy') ?? [])).toEqual(['deploy(env:prod)'])
    index.add(rule('deploy(env:staging)', 1))
    expect(textsOf(index.specified.get('deploy') ?? [])).toEqual([
      'deploy(env:prod)',
      'deploy(env:staging)',
    ])
  })

  it('keeps each tool’s command rules apart, whatever order the tools come in', () => {
    const index = new RuleIndex()
    const texts = ['Bash(rm *)', 'run(rm *)', 'Bash(rm -rf *)', 'run(ls)', 'Bash(ls)']
    texts.forEach((text, order) => {
      index.add(rule(text, order))
    })
    expect(textsOf(index.commandCandidates('Bash', 'rm'))).toEqual(['Bash(rm *)', 'Bash(rm -rf *)'])
    expect(textsOf(index.commandCandidates('run', 'rm'))).toEqual(['run(rm *)'])
    expect(textsOf(index.commandCandidates('run', undefined))).toEqual(['run(rm *)', 'run(ls)'])
    expect(index.commandCandidates('other', 'rm')).toEqual([])
    expect(index.commandsByWord('other')).toBeUndefined()
    expect([...(index.commandsByWord('Bash')?.keys() ?? [])]).toEqual(['rm', 'ls'])
  })
})
