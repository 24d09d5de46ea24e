import { describe, expect, it } from 'vitest'
import { compileMatcher } from './compile-matcher.js'
import type { HookGroup, HookStage } from './hook-group.js'
import { planHooks } from './plan-hooks.js'

/** A group of `stage` whose matcher is `matcher`, with a hook per `command:timeoutMs`. */
function group(stage: HookStage, matcher: string, hooks: string[], sequential = false): HookGroup {
  const matches = compileMatcher(matcher)
  if (typeof matches === 'string') throw new Error(matches)
  return {
    stage,
    matches,
    sequential,
    hooks: hooks.map((hook) => {
      const [command = '', ms = '60000'] = hook.split(':')
      return { command, timeoutMs: Number(ms), origin: { kind: 'cli' } }
    }),
  }
}

describe('planHooks', () => {
  it('picks the groups of the moment whose matcher matches the name or its alias', () => {
    const groups = [
      group('pre', 'Bash', ['a']),
      group('pre', 'run_shell_command', ['b']),
      group('success', 'Bash', ['c']),
      group('after', '*', ['d']),
      group('pre', 'Read', ['e']),
    ]
    const commands = (moment: 'pre' | 'success' | 'failure', name: string) =>
      planHooks(groups, moment, name, 'claude').hooks.map(({ command }) => command)
    expect(commands('pre', 'Bash')).toEqual(['a', 'b'])
    expect(commands('pre', 'run_shell_command')).toEqual(['a', 'b'])
    expect(commands('success', 'Bash')).toEqual(['c', 'd'])
    expect(commands('failure', 'Bash')).toEqual(['d'])
  })

  it('runs an identical command once, with the longest of its timeouts and its first origin', () => {
    const plan = planHooks(
      [group('pre', '*', ['x:200', 'y:100']), group('pre', 'Bash', ['x:30000'])],
      'pre',
      'Bash',
      'claude',
    )
    expect(plan.hooks).toEqual([
      { command: 'x', timeoutMs: 30_000, origin: { kind: 'cli' } },
      { command: 'y', timeoutMs: 100, origin: { kind: 'cli' } },
    ])
  })

  it('runs in sequence only in the gemini dialect, when a matching group says so', () => {
    const groups = [group('pre', '*', ['a'], true), group('pre', 'Read', ['b'])]
    expect(planHooks(groups, 'pre', 'Bash', 'gemini').sequential).toBe(true)
    expect(planHooks(groups, 'pre', 'Bash', 'claude').sequential).toBe(false)
    expect(planHooks([groups[1]!], 'pre', 'Read', 'gemini').sequential).toBe(false)
  })
})
