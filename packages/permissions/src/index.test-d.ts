/* eslint-disable @typescript-eslint/no-deprecated -- the public names, deprecated ones too, are what these tests are about */
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import { jsonlAuditLog, permissions } from './index.js'
import type {
  DecisionBasis,
  Explanation,
  Mode,
  PermissionSource,
  PermissionsPlugin,
  PermissionsSandbox,
  SandboxRuleView,
  Settings,
} from './index.js'

describe('public types', () => {
  it('takes a sandbox and gives the sandbox its rules (SPEC §23)', () => {
    const sandbox: PermissionsSandbox = { autoAllowBashIfSandboxed: true, willSandbox: () => true }
    const plugin = permissions({ projectRoot: '/p', sandbox })
    expectTypeOf(plugin.sandboxRules).returns.toEqualTypeOf<SandboxRuleView>()
    expectTypeOf<SandboxRuleView['denyWrite']>().toEqualTypeOf<readonly string[]>()
    // @ts-expect-error -- a sandbox says whether a command runs in it
    permissions({ projectRoot: '/p', sandbox: { autoAllowBashIfSandboxed: true } })
    // SPEC §23's `Sandbox` has no `autoAllowBashIfSandboxed`: its default (true) applies.
    permissions({ projectRoot: '/p', sandbox: { willSandbox: () => true } })
    const wordy = { autoAllowBashIfSandboxed: 'yes', willSandbox: () => true }
    // @ts-expect-error -- the flag is a boolean
    permissions({ projectRoot: '/p', sandbox: wordy })
  })

  it('permissions() is a plugin with explain and ready', () => {
    const plugin = permissions({ projectRoot: '/p' })
    expectTypeOf(plugin).toExtend<ToolRegistryPlugin>()
    expectTypeOf(plugin).toEqualTypeOf<PermissionsPlugin>()
    expectTypeOf(plugin.ready).toEqualTypeOf<Promise<void>>()
    expectTypeOf(plugin.explain).returns.toEqualTypeOf<Explanation | Promise<Explanation>>()
    expectTypeOf(jsonlAuditLog('/log.jsonl')).toEqualTypeOf<ToolRegistryPlugin>()
  })

  it('modes and sources are closed unions', () => {
    expectTypeOf<Mode>().toEqualTypeOf<
      'default' | 'acceptEdits' | 'plan' | 'dontAsk' | 'bypassPermissions'
    >()
    expectTypeOf({
      kind: 'project',
      path: '.toolpipe/settings.json',
    } as const).toExtend<PermissionSource>()
    expectTypeOf({
      kind: 'cli',
      settings: { permissions: { allow: ['Read'] } },
    } as const).toExtend<PermissionSource>()
    expectTypeOf({ kind: 'team', path: 'x' } as const).not.toExtend<PermissionSource>()
    expectTypeOf({ kind: 'managed', settings: {} } as const).not.toExtend<PermissionSource>()
    // @ts-expect-error projectRoot is required
    permissions({})
    // @ts-expect-error not a mode
    permissions({ projectRoot: '/p', mode: 'yolo' })
  })

  it('settings hold string rules and a mode', () => {
    expectTypeOf({
      permissions: { allow: ['Bash(npm test *)'], defaultMode: 'plan' },
    } as const).toExtend<Settings>()
    expectTypeOf({ permissions: { allow: [42] } } as const).not.toExtend<Settings>()
    expectTypeOf({ permissions: { defaultMode: 'yolo' } } as const).not.toExtend<Settings>()
    expectTypeOf<Explanation['decision']>().toEqualTypeOf<'allow' | 'ask' | 'deny'>()
    expectTypeOf<Explanation['rule']>().not.toBeAny()
  })

  it('every decision says how it was reached: a closed union (SPEC §26)', () => {
    expectTypeOf<DecisionBasis>().toEqualTypeOf<
      | 'rule'
      | 'mode'
      | 'possibly-denied'
      | 'cannot-read'
      | 'hidden-command'
      | 'sandbox'
      | 'out-of-scope'
    >()
    expectTypeOf<Explanation['basis']>().toEqualTypeOf<DecisionBasis>()
    expectTypeOf<Explanation['subjects'][number]['basis']>().toEqualTypeOf<DecisionBasis>()
    expectTypeOf<
      NonNullable<Explanation['subjects'][number]['commands']>[number]['basis']
    >().toEqualTypeOf<DecisionBasis>()
    expectTypeOf<'no-rule'>().not.toExtend<DecisionBasis>()
  })
})
