import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import { ApprovalMemory } from './approval-memory.js'

const always = { kind: 'allowed-always' } as const
const never = { kind: 'rejected-always', reason: 'no' } as const

describe('ApprovalMemory', () => {
  it('recalls an always-answer per scope and tool', () => {
    const memory = new ApprovalMemory()
    const alice = agent('alice')
    const bob = agent('bob')
    memory.remember(memory.ticket(alice), 'shell', always)
    memory.remember(memory.ticket(bob), 'shell', never)
    expect(memory.recall(alice, 'shell')).toBe(always)
    expect(memory.recall(bob, 'shell')).toBe(never)
    expect(memory.recall(alice, 'write')).toBeUndefined()
  })

  it('forgets one scope, or every scope', () => {
    const memory = new ApprovalMemory()
    const alice = agent('alice')
    const bob = agent('bob')
    memory.remember(memory.ticket(alice), 'shell', always)
    memory.remember(memory.ticket(bob), 'shell', always)
    memory.forget(alice)
    expect(memory.recall(alice, 'shell')).toBeUndefined()
    expect(memory.recall(bob, 'shell')).toBe(always)
    memory.forget(undefined)
    expect(memory.recall(bob, 'shell')).toBeUndefined()
  })

  it('writes an answer that comes after its scope was forgotten into the detached memory only', () => {
    const memory = new ApprovalMemory()
    const alice = agent('alice')
    const ticket = memory.ticket(alice)
    memory.forget(alice)
    memory.remember(ticket, 'shell', always)
    expect(memory.recall(alice, 'shell')).toBeUndefined()
    memory.forget(undefined)
    const later = memory.ticket(alice)
    expect(later).not.toBe(ticket)
  })
})
