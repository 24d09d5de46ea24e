import { describe, expect, it } from 'vitest'
import type { PermissionMode } from '@toolpipe/settings-files'
import type { Subject } from '@toolpipe/tools'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { evaluateCall } from './evaluate-call.js'
import type { SandboxView } from './evaluate-call.js'

const parser = bashParser()
const rules = ruleSetOf({
  allow: ['Bash(ls *)'],
  ask: ['Bash(git push *)'],
  deny: ['Bash(rm *)', 'Edit(secrets/**)'],
})

/** A sandbox that runs every line but those with `docker` in it (what `excludedCommands` does). */
const sandbox: SandboxView = {
  autoAllowBashIfSandboxed: true,
  willSandbox: (command) => !command.includes('docker'),
}

function decided(
  subject: Extract<Subject, { kind: 'command' }>,
  view: SandboxView | undefined = sandbox,
  mode: PermissionMode = 'default',
) {
  const { explanation } = evaluateCall(
    {
      ruleName: 'Bash',
      arguments: {},
      subjects: [subject],
      readOnly: false,
      hints: {},
      agentId: undefined,
    },
    { rules, mode, parser: parser(), cwd: '/project', home: '/home/u', sandbox: view },
  )
  return { decision: explanation.decision, basis: explanation.basis, reason: explanation.reason }
}

// Claude Code's `autoAllowBashIfSandboxed` (https://code.claude.com/docs/en/sandboxing#sandbox-modes):
// a sandboxed command no rule matched runs without asking; deny and ask rules still apply and a
// command asking to leave the sandbox is never allowed this way (SPEC §23).
describe('a command that runs in the sandbox', () => {
  it('is allowed without asking when no rule matched it, its redirections included', () => {
    expect(decided({ kind: 'command', command: 'npm test > out.log' })).toEqual({
      decision: 'allow',
      basis: 'sandbox',
      reason: 'allowed: no rule matched and it runs in the sandbox (autoAllowBashIfSandboxed)',
    })
  })

  it('is allowed when its other commands are allowed by rules', () => {
    expect(decided({ kind: 'command', command: 'ls && npm test' })).toMatchObject({
      decision: 'allow',
      basis: 'sandbox',
    })
  })

  it.each([
    ['rm -rf build', 'deny', 'rule'],
    ['npm test && rm -rf build', 'deny', 'rule'],
    ['npm test > secrets/key', 'deny', 'rule'],
    ['git push origin main', 'ask', 'rule'],
    ['eval "$CMD"', 'ask', 'possibly-denied'],
    ['npm test "', 'ask', 'cannot-read'],
  ])('%s: still %s (%s)', (command, decision, basis) => {
    expect(decided({ kind: 'command', command })).toMatchObject({ decision, basis })
  })

  it('asks for dangerouslyDisableSandbox, whatever the sandbox says', () => {
    expect(
      decided({ kind: 'command', command: 'npm test', dangerouslyDisableSandbox: true }),
    ).toMatchObject({
      decision: 'ask',
      basis: 'mode',
    })
  })

  it.each<[string, SandboxView | undefined]>([
    ['no sandbox', undefined],
    ['a command it will not sandbox', sandbox],
    ['autoAllowBashIfSandboxed off', { autoAllowBashIfSandboxed: false, willSandbox: () => true }],
    [
      'a sandbox that throws',
      {
        autoAllowBashIfSandboxed: true,
        willSandbox: () => {
          throw new Error('gone')
        },
      },
    ],
    [
      'a sandbox that answers other than true',
      { autoAllowBashIfSandboxed: 1 as never, willSandbox: () => 'yes' as never },
    ],
  ])('asks with %s', (_name, view) => {
    expect(decided({ kind: 'command', command: 'docker run app' }, view)).toMatchObject({
      decision: 'ask',
      basis: 'mode',
    })
  })

  it('follows the modes that decide before it: plan denies, bypassPermissions allows by mode', () => {
    const command = { kind: 'command' as const, command: 'npm test' }
    expect(decided(command, sandbox, 'plan')).toMatchObject({ decision: 'deny', basis: 'mode' })
    expect(decided(command, sandbox, 'bypassPermissions')).toMatchObject({
      decision: 'allow',
      basis: 'mode',
    })
    expect(decided(command, sandbox, 'dontAsk')).toMatchObject({
      decision: 'allow',
      basis: 'sandbox',
    })
    expect(decided(command, sandbox, 'acceptEdits')).toMatchObject({
      decision: 'allow',
      basis: 'sandbox',
    })
  })
})
