import { describe, expectTypeOf, it } from 'vitest'
import { isPermissionMode, watchSettingsFile } from './index.js'
import type {
  PermissionMode,
  PermissionSettingsFile,
  SettingsFileClock,
  SettingsFileContent,
  SettingsSourceKind,
} from './index.js'

describe('@toolpipe/settings-files types', () => {
  it('closes the unions of modes and source kinds', () => {
    expectTypeOf<PermissionMode>().toEqualTypeOf<
      'default' | 'acceptEdits' | 'plan' | 'dontAsk' | 'bypassPermissions'
    >()
    expectTypeOf<SettingsSourceKind>().toEqualTypeOf<
      'managed' | 'cli' | 'local' | 'project' | 'user'
    >()
    const value: unknown = 'plan'
    if (isPermissionMode(value)) expectTypeOf(value).toEqualTypeOf<PermissionMode>()
  })

  it('types a settings file’s permissions as Claude Code writes them', () => {
    expectTypeOf({
      permissions: { allow: ['Bash(ls *)'], defaultMode: 'plan' },
    } as const).toExtend<PermissionSettingsFile>()
    expectTypeOf<{
      permissions: { defaultMode: 'yolo' }
    }>().not.toExtend<PermissionSettingsFile>()
    expectTypeOf<Extract<SettingsFileContent, { kind: 'ok' }>['value']>().toBeUnknown()
  })

  it('takes Node’s timers, or any clock with the same two methods', () => {
    expectTypeOf({ setTimeout, clearTimeout }).toExtend<SettingsFileClock>()
    watchSettingsFile({
      path: '/s.json',
      format: 'json',
      logger: console,
      onChange: () => undefined,
      // @ts-expect-error: a clock needs clearTimeout too
      clock: { setTimeout },
    })
  })
})
