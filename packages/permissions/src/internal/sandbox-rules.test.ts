import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../__fixtures__/rule-sets.js'
import { sandboxRuleView } from './sandbox-rules.js'

// The rules as the sandbox reads them (SPEC §23, Claude Code's merge:
// https://code.claude.com/docs/en/sandboxing#configure-sandboxing): `Edit(…)` allow and deny,
// `Read(…)` deny, `WebFetch(domain:…)` allow and deny, as absolute paths and patterns.
describe('sandboxRuleView', () => {
  it('turns path and domain rules into the sandbox’s lists', () => {
    const rules = ruleSetOf({
      allow: [
        'Edit(//tmp/cache/**)',
        'Edit(~/.kube/)',
        'Edit',
        'WebFetch(domain:docs.example)',
        'Bash(ls *)',
      ],
      deny: [
        'Edit(/secrets/**)',
        'Edit(*.pem)',
        'Read(.env)',
        'Read(~/.aws/**)',
        'Read(src/gen/*.ts)',
        'Read',
        'WebFetch(domain:*.ads.example)',
        'WebFetch(domain:*)',
      ],
      additionalDirectories: ['/srv/shared'],
    })
    expect(sandboxRuleView(rules, ['/project/.toolpipe/settings.json'])).toEqual({
      allowWrite: ['/srv/shared', '/tmp/cache', '/home/u/.kube'],
      denyWrite: ['/project/secrets', '/project/**/*.pem', '/project/.toolpipe/settings.json'],
      denyRead: ['/project/**/.env', '/home/u/.aws', '/project/src/gen/*.ts'],
      allowedDomains: ['docs.example'],
      deniedDomains: ['*.ads.example'],
    })
  })

  it('reads `/**` under a folder as the folder itself, as `**` is (SPEC §23)', () => {
    const rules = ruleSetOf({
      allow: ['Edit(./**)'],
      deny: [
        'Read(/**)',
        'Read(~/**)',
        'Read(//srv/data/**)',
        'Edit(/build/**)',
        'Read(/**/**)',
        'Read(//srv/logs/**/**)',
        'Read(//srv/old/**/)',
      ],
    })
    const view = sandboxRuleView(rules, [])
    expect(view.allowWrite).toEqual(['/project'])
    expect(view.denyRead).toEqual(['/project', '/home/u', '/srv/data', '/srv/logs', '/srv/old'])
    expect(view.denyWrite).toEqual(['/project/build'])
  })

  it('has only the governing files with no rules', () => {
    expect(sandboxRuleView(ruleSetOf({}), ['/a', '/a'])).toEqual({
      allowWrite: [],
      denyWrite: ['/a'],
      denyRead: [],
      allowedDomains: [],
      deniedDomains: [],
    })
  })
})
