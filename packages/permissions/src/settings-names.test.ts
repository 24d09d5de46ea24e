/* eslint-disable @typescript-eslint/no-deprecated -- the old names are what these tests are about */
import * as settingsFiles from '@toolpipe/settings-files'
import { describe, expect, it } from 'vitest'
import { isMode, isPermissionMode, modes, permissionModes } from './index.js'

describe('the settings-file values before @toolpipe/settings-files (deprecated)', () => {
  it('are the same list, and the same check, as the new names', () => {
    expect(modes).toBe(permissionModes)
    expect(permissionModes).toBe(settingsFiles.permissionModes)
    expect(isPermissionMode).toBe(settingsFiles.isPermissionMode)
    for (const value of [...permissionModes, 'yolo', '', undefined, 3]) {
      expect(isMode(value)).toBe(isPermissionMode(value))
    }
  })
})
