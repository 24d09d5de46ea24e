/**
 * What one decision may spend reading command lines (SPEC §26: bounded work): parser operations
 * (counted, so the same line meets the same limit on any machine), parse time as a last resort
 * on a machine too loaded to count on, and syntax nodes copied out of the parser. Shared by a
 * line and every string it runs (`sh -c`, `eval`, the prefixes a syntax error makes the judge
 * read), so no line costs more than one budget. Spent, the line cannot be read: it asks.
 */
export interface WorkBudget {
  /** Parser progress reports left (each about a hundred parser operations). */
  progress: number
  /** Syntax nodes left to copy. */
  nodes: number
  /** When parsing must stop (performance.now() milliseconds). */
  readonly deadline: number
  /** Set once spent: what ran out. */
  spent: string | undefined
}

/** The budget of one decision. */
export const workLimits = { progress: 1_000, nodes: 10_000, parseMilliseconds: 30 } as const

/** A fresh budget for one decision. */
export function workBudget(now: number = performance.now()): WorkBudget {
  return {
    progress: workLimits.progress,
    nodes: workLimits.nodes,
    deadline: now + workLimits.parseMilliseconds,
    spent: undefined,
  }
}

/** The parser's progress check against a budget: true (stop) once it is spent. */
export function parserCheck(budget: WorkBudget): () => boolean {
  return () => {
    if (--budget.progress < 0)
      budget.spent ??= `more than ${workLimits.progress * 100} parser operations`
    else if (performance.now() > budget.deadline) {
      budget.spent ??= `more than ${workLimits.parseMilliseconds} ms of parsing`
    }
    return budget.spent !== undefined
  }
}
