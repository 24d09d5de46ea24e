import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../__fixtures__/rule-sets.js'
import { hiddenTools } from './hidden-tools.js'

describe('hiddenTools', () => {
  it('hides the tool a bare deny names, under either family’s name, and a server’s tools', () => {
    const hidden = hiddenTools(ruleSetOf({ deny: ['deploy', 'Bash', 'mcp__jira'] }), 'default')
    expect(hidden.hides('deploy')).toBe(true)
    expect(hidden.hides('run_shell_command')).toBe(true)
    expect(hidden.hides('mcp__jira__create')).toBe(true)
    expect(hidden.hides('status')).toBe(false)
  })

  it('hides nothing for a deny with a specifier', () => {
    expect(hiddenTools(ruleSetOf({ deny: ['deploy(env:prod)'] }), 'default').hides('deploy')).toBe(
      false,
    )
  })

  it('hides a tool a Gemini deny names with no other condition, unless a higher rule may decide', () => {
    const deny = '[[rule]]\ntoolName = "deploy"\ndecision = "deny"\npriority = 10\n'
    expect(hiddenTools(ruleSetOf({}, deny), 'default').hides('deploy')).toBe(true)
    const allowFirst =
      '[[rule]]\ntoolName = "deploy"\nargsPattern = "dev"\ndecision = "allow"\npriority = 20\n'
    expect(hiddenTools(ruleSetOf({}, deny + '\n' + allowFirst), 'default').hides('deploy')).toBe(
      false,
    )
    const planOnly = '[[rule]]\ntoolName = "deploy"\ndecision = "deny"\nmodes = ["plan"]\n'
    expect(hiddenTools(ruleSetOf({}, planOnly), 'default').hides('deploy')).toBe(false)
    expect(hiddenTools(ruleSetOf({}, planOnly), 'plan').hides('deploy')).toBe(true)
  })

  it('changes its signature exactly when what it hides may change', () => {
    const one = hiddenTools(ruleSetOf({ deny: ['deploy'], allow: ['status'] }), 'default')
    const same = hiddenTools(ruleSetOf({ deny: ['deploy'] }), 'default')
    const other = hiddenTools(ruleSetOf({ deny: ['status'] }), 'default')
    expect(one.signature).toBe(same.signature)
    expect(one.signature).not.toBe(other.signature)
  })
})
