import { describe, expect, it } from 'vitest'
import { tool } from '../__fixtures__/tools.js'
import { createRegistryInternals } from './create-registry-internals.js'
import { createRegistryParts } from './registry-parts.js'
import { commitChange, reversibleDisposer } from './registry-internals.js'

/** A registry's internals, and what its `tools/change` listeners were told. */
function setup() {
  const parts = createRegistryParts({}, { warn: () => undefined })
  const internals = createRegistryInternals(parts, undefined)
  const announced: string[] = []
  parts.listeners['tools/change'].add(() => void announced.push('change'), undefined)
  return { parts, internals, announced }
}

describe('commitChange', () => {
  it('announces a registration, and its disposer removes it and announces again', () => {
    const { internals, announced } = setup()
    const dispose = commitChange(internals, undefined, internals.addTool(tool('read'), undefined))
    expect(announced).toEqual(['change'])
    dispose()
    dispose()
    expect(internals.get('read', undefined)).toBeUndefined()
    expect(announced).toEqual(['change', 'change'])
  })

  it('rolls the registration back and tells the listeners again when one throws', () => {
    const { parts, internals, announced } = setup()
    let vetoes = 1
    parts.listeners['tools/change'].add(() => {
      if (vetoes-- > 0) throw new Error('veto')
    }, undefined)
    expect(() =>
      commitChange(internals, undefined, internals.addTool(tool('read'), undefined)),
    ).toThrow('veto')
    expect(internals.get('read', undefined)).toBeUndefined()
    expect(announced).toEqual(['change', 'change'])
  })
})

describe('reversibleDisposer', () => {
  it('removes once and runs what comes after, once', () => {
    const { internals } = setup()
    const after: string[] = []
    const dispose = reversibleDisposer(internals, internals.addTool(tool('read'), undefined), () =>
      after.push('after'),
    )
    dispose()
    dispose()
    expect(internals.get('read', undefined)).toBeUndefined()
    expect(after).toEqual(['after'])
  })

  it('inside a failed batch, takes back the registration and puts back a removal', () => {
    const { internals } = setup()
    const kept = reversibleDisposer(internals, internals.addTool(tool('kept'), undefined))
    expect(() =>
      internals.batch(() => {
        reversibleDisposer(internals, internals.addTool(tool('added'), undefined))
        kept()
        throw new Error('undo')
      }),
    ).toThrow('undo')
    expect(internals.get('added', undefined)).toBeUndefined()
    expect(internals.get('kept', undefined)?.name).toBe('kept')
    kept()
    expect(internals.get('kept', undefined)).toBeUndefined()
  })
})
