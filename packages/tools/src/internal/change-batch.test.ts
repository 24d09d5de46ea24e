import { describe, expect, it } from 'vitest'
import { ToolRegistryError } from '../tool-registry-error.js'
import { ChangeBatch } from './change-batch.js'

/** A batch whose announcements are recorded, the strict ones vetoed when `veto` says so. */
function batch(veto = false) {
  const told: string[] = []
  const changes = new ChangeBatch({
    announce: (scopes) => {
      told.push(`announce ${scopes.size}`)
      if (veto) throw new Error('veto')
    },
    announceQuietly: (scopes) => void told.push(`quietly ${scopes.size}`),
  })
  return { changes, told }
}

describe('ChangeBatch', () => {
  it('absorbs nothing outside a batch: each change is announced at once', () => {
    const { changes } = batch()
    expect(changes.absorb(undefined, true)).toBe(false)
  })

  it('announces the changes of a batch once, at its end, and returns what fn returned', () => {
    const { changes, told } = batch()
    const result = changes.run(() => {
      expect(changes.absorb(undefined, true)).toBe(true)
      expect(changes.absorb(undefined, true)).toBe(true)
      return 'done'
    })
    expect(result).toBe('done')
    expect(told).toEqual(['announce 1'])
    changes.run(() => undefined)
    expect(told).toEqual(['announce 1'])
  })

  it('announces a batch that only removed things quietly', () => {
    const { changes, told } = batch(true)
    changes.run(() => changes.absorb(undefined, false))
    expect(told).toEqual(['quietly 1'])
  })

  it('undoes what a failed fn did, in reverse order, and passes its error on', () => {
    const { changes, told } = batch()
    const undone: string[] = []
    expect(() =>
      changes.run(() => {
        changes.journal(() => undone.push('first'))
        changes.journal(() => undone.push('second'))
        changes.absorb(undefined, true)
        throw new Error('fn failed')
      }),
    ).toThrow('fn failed')
    expect(undone).toEqual(['second', 'first'])
    expect(told).toEqual([])
  })

  it('undoes everything when a listener vetoes at the end, then tells the listeners again', () => {
    const { changes, told } = batch(true)
    const undone: string[] = []
    expect(() =>
      changes.run(() => {
        changes.journal(() => undone.push('added'))
        changes.absorb(undefined, true)
      }),
    ).toThrow('veto')
    expect(undone).toEqual(['added'])
    expect(told).toEqual(['announce 1', 'quietly 1'])
  })

  it('makes a nested batch part of the outer one; a nested failure undoes only its own', () => {
    const { changes, told } = batch()
    const undone: string[] = []
    changes.run(() => {
      changes.journal(() => undone.push('outer'))
      changes.absorb(undefined, true)
      expect(() =>
        changes.run(() => {
          changes.journal(() => undone.push('inner'))
          throw new Error('inner failed')
        }),
      ).toThrow('inner failed')
    })
    expect(undone).toEqual(['inner'])
    expect(told).toEqual(['announce 1'])
  })

  it('refuses a fn that is not a function, and one that returns a promise (undoing it)', () => {
    const { changes } = batch()
    expect(() => changes.run('fn')).toThrow(
      new ToolRegistryError('batch(fn) needs a function, got "fn"', 'INVALID_BATCH'),
    )
    const undone: string[] = []
    expect(() =>
      changes.run(() => {
        changes.journal(() => undone.push('undone'))
        return Promise.resolve()
      }),
    ).toThrow(ToolRegistryError)
    expect(undone).toEqual(['undone'])
  })
})
