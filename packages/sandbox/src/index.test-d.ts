import type { PermissionsSandbox } from '@toolpipe/permissions'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import { createSandbox, readSandboxSettings } from './index.js'
import type {
  Sandbox,
  SandboxErrorCode,
  SandboxRun,
  SandboxRuleView,
  SandboxSettings,
  SandboxSource,
  SandboxViolation,
  SandboxError,
} from './index.js'

describe('public types', () => {
  it('createSandbox gives a sandbox that is a registry plugin and what permissions() takes', () => {
    expectTypeOf(createSandbox).returns.toEqualTypeOf<Promise<Sandbox>>()
    expectTypeOf<Sandbox>().toExtend<ToolRegistryPlugin>()
    expectTypeOf<Sandbox>().toExtend<PermissionsSandbox>()
    expectTypeOf<Sandbox['run']>().returns.toEqualTypeOf<Promise<SandboxRun>>()
    expectTypeOf<Sandbox['reason']>().toEqualTypeOf<string | undefined>()
  })

  it('runs are keyed by a call id', () => {
    const sandbox = null as unknown as Sandbox
    // @ts-expect-error -- a run needs the call id its violations are attributed to
    void sandbox.run('ls', {})
    void sandbox.run('ls', {
      callId: 'call_1',
      maxOutputBytes: 10,
      dangerouslyDisableSandbox: true,
    })
  })

  it('a run and its violations are plain data', () => {
    expectTypeOf<SandboxRun['violations'][number]>().toEqualTypeOf<SandboxViolation>()
    expectTypeOf<SandboxViolation['kind']>().toEqualTypeOf<'read' | 'write' | 'network' | 'other'>()
    expectTypeOf<SandboxRun['exitCode']>().toEqualTypeOf<number | null>()
  })

  it('sources are the ones permissions() takes', () => {
    const sources: SandboxSource[] = [
      { kind: 'project', path: '.claude/settings.json' },
      { kind: 'cli', settings: { sandbox: { enabled: true } } },
    ]
    void createSandbox({ projectRoot: '/p', sources, unavailable: 'run-unsandboxed' })
    // @ts-expect-error -- only refuse or run-unsandboxed
    void createSandbox({ projectRoot: '/p', unavailable: 'ignore' })
    expectTypeOf<SandboxRuleView['allowWrite']>().toEqualTypeOf<readonly string[]>()
  })

  it('settings and errors are typed', () => {
    expectTypeOf(readSandboxSettings)
      .returns.toHaveProperty('settings')
      .toEqualTypeOf<SandboxSettings>()
    expectTypeOf<SandboxError['code']>().toEqualTypeOf<SandboxErrorCode>()
    expectTypeOf<SandboxErrorCode>().toEqualTypeOf<
      | 'INVALID_OPTIONS'
      | 'SANDBOX_UNAVAILABLE'
      | 'SANDBOX_REQUIRED'
      | 'SANDBOX_BUSY'
      | 'ALREADY_INSTALLED'
    >()
  })
})
