import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { evaluateCall } from './evaluate-call.js'
import type { SandboxView } from './evaluate-call.js'

const parser = bashParser()
const rules = ruleSetOf({ deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] })

/** The decision on `command` with `box` as the sandbox (a foreign object, as the plugin gets it). */
function decided(box: object, command = 'npm test') {
  const { explanation } = evaluateCall(
    {
      ruleName: 'Bash',
      arguments: {},
      subjects: [{ kind: 'command', command }],
      readOnly: false,
      hints: {},
      agentId: undefined,
    },
    {
      rules,
      mode: 'default',
      parser: parser(),
      cwd: '/project',
      home: '/home/u',
      // The SPEC's `Sandbox` has no `autoAllowBashIfSandboxed` member: the view reads it as absent.
      sandbox: box as SandboxView,
    },
  )
  return { decision: explanation.decision, basis: explanation.basis }
}

/** A sandbox shaped as SPEC §23's `Sandbox` interface: no `autoAllowBashIfSandboxed` member. */
function specShapedBox(willSandbox: (command: string) => unknown = () => true) {
  return {
    available: true,
    reason: undefined,
    willSandbox,
    run: () => Promise.resolve({ exitCode: 0, stdout: '', stderr: '', sandboxed: true }),
    dispose: () => Promise.resolve(),
  }
}

// SPEC §23: "`autoAllowBashIfSandboxed` (default true)"; `permissions({ sandbox })` auto-allows
// a command no rule matched that `willSandbox` says runs sandboxed.
describe('a sandbox without autoAllowBashIfSandboxed (SPEC §23: default true)', () => {
  it('auto-allows a sandboxed command no rule matched', () => {
    expect(decided(specShapedBox())).toEqual({ decision: 'allow', basis: 'sandbox' })
    expect(decided({ ...specShapedBox(), autoAllowBashIfSandboxed: undefined })).toEqual({
      decision: 'allow',
      basis: 'sandbox',
    })
  })

  it('still lets deny and ask rules decide, and asks for what it will not sandbox', () => {
    expect(decided(specShapedBox(), 'rm -rf build')).toEqual({ decision: 'deny', basis: 'rule' })
    expect(decided(specShapedBox(), 'git push origin')).toEqual({ decision: 'ask', basis: 'rule' })
    expect(decided(specShapedBox(() => false))).toEqual({ decision: 'ask', basis: 'mode' })
    expect(decided(specShapedBox(() => 'yes'))).toEqual({ decision: 'ask', basis: 'mode' })
  })

  it.each<[string, object]>([
    ['an explicit false', { ...specShapedBox(), autoAllowBashIfSandboxed: false }],
    ['a value other than a boolean', { ...specShapedBox(), autoAllowBashIfSandboxed: 'yes' }],
    ['null', { ...specShapedBox(), autoAllowBashIfSandboxed: null }],
    [
      'a getter that throws',
      Object.defineProperty(specShapedBox(), 'autoAllowBashIfSandboxed', {
        get: () => {
          throw new Error('gone')
        },
      }),
    ],
    [
      'a Proxy that throws on every read',
      new Proxy(specShapedBox(), {
        get: () => {
          throw new Error('hostile')
        },
      }),
    ],
  ])('does not auto-allow with %s (fail closed)', (_name, box) => {
    expect(decided(box)).toEqual({ decision: 'ask', basis: 'mode' })
  })
})
