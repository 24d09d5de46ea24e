import { describe, expect, it } from 'vitest'
import type { RuleOrigin } from './compiled-rule.js'
import { RuleIndex } from './rule-index.js'
import { compileSettingsRule } from './settings-rule.js'

const origin: RuleOrigin = { kind: 'cli', path: undefined, label: 'cli settings' }
const roots = { home: '/home/u', root: '/project', cwd: '/project' }

/** An index of `texts`, in that evaluation order. */
function indexOf(...texts: string[]): RuleIndex {
  const index = new RuleIndex()
  texts.forEach((text, order) => {
    const rule = compileSettingsRule(text, 'deny', order, origin, order, roots)
    if (typeof rule === 'string') throw new Error(rule)
    index.add(rule)
  })
  return index
}

describe('RuleIndex', () => {
  it('gives the bare rules of a tool, its MCP server’s included, in evaluation order', () => {
    const index = indexOf('mcp__github', 'mcp__github__create_issue', 'deploy')
    expect(index.bareFor('mcp__github__create_issue', 'github').map((rule) => rule.text)).toEqual([
      'mcp__github',
      'mcp__github__create_issue',
    ])
    expect(index.bareFor('deploy', undefined).map((rule) => rule.text)).toEqual(['deploy'])
    expect(index.bareFor('other', undefined)).toEqual([])
  })

  it('gives the command rules that could match a first word, those starting with * included', () => {
    const index = indexOf('Bash(rm *)', 'Bash(* --force)', 'Bash(git push *)')
    expect(index.commandCandidates('Bash', 'rm').map((rule) => rule.text)).toEqual([
      'Bash(rm *)',
      'Bash(* --force)',
    ])
    expect(index.commandCandidates('Bash', undefined).map((rule) => rule.text)).toEqual([
      'Bash(rm *)',
      'Bash(* --force)',
      'Bash(git push *)',
    ])
  })

  it('files path, URL and parameter rules by kind', () => {
    const index = indexOf(
      'Read(.env)',
      'Edit(//etc/**)',
      'WebFetch(domain:x.com)',
      'deploy(env:prod)',
    )
    expect(index.read.map((rule) => rule.text)).toEqual(['Read(.env)'])
    expect(index.edit.map((rule) => rule.text)).toEqual(['Edit(//etc/**)'])
    expect(index.fetch.map((rule) => rule.text)).toEqual(['WebFetch(domain:x.com)'])
    expect(index.specified.get('deploy')?.map((rule) => rule.text)).toEqual(['deploy(env:prod)'])
  })
})
