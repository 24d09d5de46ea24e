import { describe, expect, it } from 'vitest'
import { cpuMilliseconds, parserCheck, readCheck, workBudget, workLimits } from './work-budget.js'

describe('the work budget of one decision', () => {
  it('starts full, with a deadline the parse time limit away', () => {
    expect(workBudget(1_000, 20)).toEqual({
      progress: workLimits.progress,
      reads: workLimits.reads,
      nodes: workLimits.nodes,
      deadline: 1_000 + workLimits.parseMilliseconds,
      cpuStart: 20,
      spent: undefined,
    })
  })

  it('stops the parser once its progress reports are spent, saying what ran out', () => {
    const budget = { ...workBudget(), progress: 1 }
    const shouldStop = parserCheck(budget)
    expect(shouldStop()).toBe(false)
    expect(shouldStop()).toBe(true)
    expect(budget.spent).toBe('more than 100000 parser operations')
  })

  it('stops the parser past its deadline once it has spent that much CPU time', () => {
    const budget = workBudget(performance.now() - 1_000, cpuMilliseconds() - 1_000)
    expect(parserCheck(budget)()).toBe(true)
    expect(budget.spent).toBe('more than 30 ms of parsing')
  })

  // A busy machine may keep the process waiting past the wall-clock deadline while the parse
  // itself has hardly run: a line that parses in a millisecond keeps its answer under any load.
  it('does not stop a parse the machine kept waiting: past the wall clock, CPU time decides', () => {
    const budget = workBudget(performance.now() - 1_000)
    expect(parserCheck(budget)()).toBe(false)
    expect(readCheck(budget)(1)).toBe(false)
    expect(budget.spent).toBeUndefined()
    const cpuStart = cpuMilliseconds()
    while (cpuMilliseconds() - cpuStart <= workLimits.parseMilliseconds) {
      // spend this thread's CPU time past the limit
    }
    expect(parserCheck(budget)()).toBe(true)
    expect(budget.spent).toBe('more than 30 ms of parsing')
  })

  // SPEC §26, bounded work: tree-sitter's error recovery may re-read the line between two
  // progress reports, so each chunk it reads is counted and the deadline checked there too.
  it('stops the parser reading once its characters are spent, saying what ran out', () => {
    const budget = { ...workBudget(), reads: 10 }
    const stopReading = readCheck(budget)
    expect(stopReading(10)).toBe(false)
    expect(budget.spent).toBeUndefined()
    expect(stopReading(1)).toBe(true)
    expect(budget.spent).toBe('more than 1000000 characters read')
  })

  it('stops the parser reading past its deadline', () => {
    const budget = workBudget(performance.now() - 1_000, cpuMilliseconds() - 1_000)
    expect(readCheck(budget)(1)).toBe(true)
    expect(budget.spent).toBe('more than 30 ms of parsing')
  })
})
