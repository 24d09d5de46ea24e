import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { tool } from './__fixtures__/tools.js'
import { isCallOf } from './is-call-of.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

describe('isCallOf (SPEC §10: narrowing a call to the tool whose check its arguments passed)', () => {
  it('is true for a call of that very definition, false for another tool’s or a forged execution', async () => {
    const registry = createToolRegistry()
    const read = tool('read')
    const write = tool('write')
    registry.register(read)
    registry.register(write)
    const seen: [string, boolean, boolean][] = []
    registry.guard((exec) => {
      seen.push([exec.name, isCallOf(exec, read), isCallOf(exec, write)])
      return undefined
    })
    await registry.execute(callInput('read'))
    await registry.execute(callInput('write'))
    expect(seen).toEqual([
      ['read', true, false],
      ['write', false, true],
    ])
    const forged = { callId: 'call_1', name: 'read', arguments: {} } as unknown as ToolExecution
    expect(isCallOf(forged, read)).toBe(false)
  })
})
