/* eslint-disable @typescript-eslint/no-deprecated -- the old names are what these tests are about */
import type * as SettingsFiles from '@toolpipe/settings-files'
import { describe, expectTypeOf, it } from 'vitest'
import type { isMode, isPermissionMode } from './index.js'
import type {
  Mode,
  PermissionMode,
  PermissionSettingsFile,
  Settings,
  SettingsSourceKind,
  SourceKind,
} from './index.js'

describe('the settings-file names before @toolpipe/settings-files (deprecated)', () => {
  it('are the same types as the new names, here and in @toolpipe/settings-files', () => {
    expectTypeOf<Mode>().toEqualTypeOf<PermissionMode>()
    expectTypeOf<Settings>().toEqualTypeOf<PermissionSettingsFile>()
    expectTypeOf<SourceKind>().toEqualTypeOf<SettingsSourceKind>()
    expectTypeOf<PermissionMode>().toEqualTypeOf<SettingsFiles.PermissionMode>()
    expectTypeOf<PermissionSettingsFile>().toEqualTypeOf<SettingsFiles.PermissionSettingsFile>()
    expectTypeOf<SettingsSourceKind>().toEqualTypeOf<SettingsFiles.SettingsSourceKind>()
    expectTypeOf<typeof isMode>().toEqualTypeOf<typeof isPermissionMode>()
  })
})
