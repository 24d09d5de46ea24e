import { describe, expect, it } from 'vitest'
import { isPermissionMode, permissionModes } from './permission-mode.js'

describe('permission modes', () => {
  it('are Claude Code’s five, in its order, in a list nobody can change', () => {
    expect(permissionModes).toEqual([
      'default',
      'acceptEdits',
      'plan',
      'dontAsk',
      'bypassPermissions',
    ])
    expect(Object.isFrozen(permissionModes)).toBe(true)
  })

  it('are recognised exactly: the names, nothing else', () => {
    for (const mode of permissionModes) expect(isPermissionMode(mode)).toBe(true)
    for (const other of ['yolo', 'Default', '', 'toString', undefined, 0, ['plan']]) {
      expect(isPermissionMode(other)).toBe(false)
    }
  })
})
