import { describe, expect, it } from 'vitest'
import { buildRuleSet } from './rule-set.js'
import type { LoadedSource, RuleWarning } from './rule-set.js'

const context = { projectRoot: '/project', cwd: '/project', home: '/home/u' }

function settings(
  kind: LoadedSource['kind'],
  label: string,
  value: unknown,
  extra: Partial<LoadedSource> = {},
): LoadedSource {
  return { kind, path: `/${label}`, label, format: 'settings', value, ...extra }
}

function built(sources: readonly LoadedSource[]) {
  const warnings: RuleWarning[] = []
  const rules = buildRuleSet(sources, context, (warning) => warnings.push(warning))
  const said = warnings.map(
    (warning) => `${warning.origin.label} ${warning.where}: ${warning.message}`,
  )
  return { rules, said }
}

describe('buildRuleSet', () => {
  it('merges every source’s lists in evaluation order, the highest source’s defaultMode first', () => {
    const { rules, said } = built([
      settings('local', 'local.json', { permissions: { allow: ['Bash(ls *)'] } }),
      settings('project', 'project.json', {
        permissions: { allow: ['Read(src/**)'], deny: ['Bash(rm *)'], defaultMode: 'plan' },
      }),
      settings('user', 'user.json', { permissions: { defaultMode: 'acceptEdits' } }),
    ])
    expect(said).toEqual([])
    expect(rules.allow.all.map((rule) => [rule.text, rule.order])).toEqual([
      ['Bash(ls *)', 0],
      ['Read(src/**)', 1],
    ])
    expect(rules.deny.all.map((rule) => rule.text)).toEqual(['Bash(rm *)'])
    expect(rules.defaultMode).toBe('plan')
    expect(rules.defaultModeOrigin?.label).toBe('project.json')
  })

  it('lets a managed source allow only its own rules and forbid bypassPermissions', () => {
    const { rules, said } = built([
      settings('managed', 'managed.json', {
        permissions: { deny: ['Bash(curl *)'], disableBypassPermissionsMode: 'disable' },
        allowManagedPermissionRulesOnly: true,
      }),
      settings('project', 'project.json', {
        permissions: { allow: ['Bash(ls *)'], disableBypassPermissionsMode: 'disable' },
      }),
    ])
    expect(rules.deny.all.map((rule) => rule.text)).toEqual(['Bash(curl *)'])
    expect(rules.allow.all).toEqual([])
    expect(rules).toMatchObject({ bypassDisabled: true, managedRulesOnly: true })
    expect(said).toEqual([
      'project.json permissions.disableBypassPermissionsMode: only a managed source may set it',
    ])
  })

  it('resolves additionalDirectories against the working directory, ~/ at home', () => {
    const { rules, said } = built([
      settings('project', 'project.json', {
        permissions: { additionalDirectories: ['../sibling', '~/notes', 3] },
      }),
    ])
    expect(rules.additionalDirectories).toEqual(['/sibling', '/home/u/notes'])
    expect(said).toEqual(['project.json permissions.additionalDirectories[2]: must be a path'])
  })

  it('warns of each malformed rule and setting (lists in evaluation order), and leaves it out', () => {
    const { rules, said } = built([
      settings('project', 'project.json', {
        permissions: { allow: ['Bash(ls *)', 'Bash('], deny: 'x', defaultMode: 'yolo' },
      }),
      settings('user', 'user.json', [1]),
      settings('local', 'local.json', { permissions: 3 }),
    ])
    expect(rules.allow.all.map((rule) => rule.text)).toEqual(['Bash(ls *)'])
    expect(said).toEqual([
      'project.json permissions.defaultMode: "yolo" is not a mode',
      'project.json permissions.deny: must be an array of rules',
      'project.json permissions.allow[1]: "Bash(": the specifier must end with ")"',
      'user.json (file): settings must be a JSON object',
      'local.json permissions: must be an object',
    ])
  })

  it('denies every call while a managed file cannot be read, naming it', () => {
    const { rules } = built([
      settings('managed', 'managed.json', undefined, {
        unreadable: 'managed.json: line 1, column 2: PropertyNameExpected',
      }),
    ])
    expect(rules.managedUnreadable).toEqual({
      label: 'managed.json',
      path: '/managed.json',
      reason:
        'the managed source managed.json: line 1, column 2: PropertyNameExpected; every call is denied until it can be read and parses',
    })
  })

  it('orders Gemini rules by priority, the stricter first on a tie', () => {
    const { rules } = built([
      {
        kind: 'project',
        path: '/p.toml',
        label: 'p.toml',
        format: 'gemini',
        value: {
          rule: [
            { toolName: 'Bash', decision: 'allow', priority: 5 },
            { toolName: 'Bash', decision: 'deny', priority: 5 },
            { toolName: 'Bash', decision: 'ask_user', priority: 9 },
          ],
        },
      },
    ])
    expect(rules.gemini.map((rule) => [rule.index, rule.decision])).toEqual([
      [2, 'ask'],
      [1, 'deny'],
      [0, 'allow'],
    ])
  })
})
