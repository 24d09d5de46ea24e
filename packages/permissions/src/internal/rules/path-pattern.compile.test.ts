import { shellTool } from '@toolpipe/shell-tool'
import { describe, expect, it } from 'vitest'
import { ruleContext } from '../../__fixtures__/rule-sets.js'
import { call, plainTool, recordingRegistry, scratchProjects } from '../../__fixtures__/harness.js'
import { permissions } from '../../permissions.js'
import { compilePathPattern, matchesPath } from './path-pattern.js'
import { buildRuleSet } from './rule-set.js'
import type { RuleWarning } from './rule-set.js'

const roots = { home: '/home/u', root: '/project', cwd: '/project/app' }
/** A specifier of 100 KB: `ignore` makes of it a regular expression V8 refuses as too large. */
const huge = 'a'.repeat(100_000)
const tooLong = /^its path pattern is longer than any path \(\d+ characters, at most 4096\)$/

// SPEC §18.2: "a malformed rule … is reported (logger.warn, with file and index) and ignored —
// never a crash, never a silent allow".
describe('a path rule whose pattern cannot be compiled (SPEC §18.2)', () => {
  it('is refused at load, saying why in a line, not with the regular expression', () => {
    for (const specifier of [huge, `//${huge}`, '*a'.repeat(50_000)]) {
      expect(compilePathPattern(specifier, roots, true)).toMatch(tooLong)
    }
  })

  it('up to PATH_MAX (4,096 characters) is a rule that matches', () => {
    const longest = `//${'d/'.repeat(2_046)}f`
    const pattern = compilePathPattern(longest, roots, true)
    if (typeof pattern === 'string') throw new Error(pattern)
    expect(matchesPath(pattern, `/${'d/'.repeat(2_046)}f`)).toBe(true)
    expect(matchesPath(pattern, `/${'d/'.repeat(2_046)}g`)).toBe(false)
  })

  it('is warned with its file and index and ignored; the other rules stay in force', () => {
    const warnings: RuleWarning[] = []
    const rules = buildRuleSet(
      [
        {
          kind: 'project',
          path: '/project/.toolpipe/settings.json',
          label: '.toolpipe/settings.json',
          format: 'settings',
          value: {
            permissions: { deny: ['Read(.env)', `Edit(${huge})`], allow: ['Read(src/**)'] },
          },
        },
      ],
      ruleContext,
      (warning) => warnings.push(warning),
    )
    expect(warnings.map((warning) => [warning.where, warning.message.replace(huge, '…')])).toEqual([
      [
        'permissions.deny[1]',
        '"Edit(…)": its path pattern is longer than any path (100000 characters, at most 4096)',
      ],
    ])
    expect(rules.deny.all.map((rule) => rule.text)).toEqual(['Read(.env)'])
    expect(rules.allow.all.map((rule) => rule.text)).toEqual(['Read(src/**)'])
  })
})

const project = scratchProjects()

describe('the plugin with such a rule in a settings file (SPEC §18.2)', () => {
  it('decides every call by the other rules, and warns once at load', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', {
      permissions: {
        deny: [`Read(${huge})`, 'Read(.env)'],
        allow: ['Read(src/**)', 'Bash(ls *)', 'Edit(out)'],
      },
    })
    const runs: string[] = []
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool(runs))
    registry.register(
      plainTool('read', {
        permissions: {
          ruleName: 'Read',
          subjects: (args) => [{ kind: 'read', path: String((args as { path?: unknown }).path) }],
        },
      }),
    )
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'project', path: '.toolpipe/settings.json' }],
    })
    registry.use(plugin)
    await plugin.ready
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('.toolpipe/settings.json permissions.deny[0]: "Read(aaa')
    expect(warnings[0]).toMatch(
      /its path pattern is longer than any path \(100000 characters, at most 4096\); ignored$/,
    )
    expect((await plugin.explain(call('read', { path: 'src/a.ts' }))).decision).toBe('allow')
    expect((await plugin.explain(call('read', { path: '.env' }))).decision).toBe('deny')
    const result = await registry.execute(call('shell', { command: 'ls > out' }))
    expect(result.isError).toBe(false)
    expect(runs).toEqual(['ls > out'])
  })
})
