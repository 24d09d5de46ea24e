/**
 * What one decision may spend reading command lines (SPEC §26: bounded work): parser operations
 * and the characters the parser reads (counted, so the same line meets the same limit on any
 * machine), parse time as a last resort for work the counts miss, and syntax nodes copied out of
 * the parser. Parse time is this thread's CPU time, read only once the wall clock is past the
 * deadline: a process the machine's other work kept waiting has not parsed for longer, and a
 * line that parses in a millisecond must get the same answer however busy the machine is. Shared by a line and every string it runs (`sh -c`, `eval`, the
 * prefixes a syntax error makes the judge read, a `<>` line read again), so no line costs more
 * than one budget. Spent, the line cannot be read: it asks.
 *
 * Why characters: tree-sitter reports progress every hundred or so operations, but while it
 * recovers from a syntax error one operation may re-read the rest of the line (a 100 KB line of
 * `<`, `>&`, `)` or `|` re-read it about 35,000 characters an operation, 90 ms before the first
 * report). Each chunk it reads is counted, and the deadline checked, as it is read.
 */
export interface WorkBudget {
  /** Parser progress reports left (each about a hundred parser operations). */
  progress: number
  /** Characters left for the parser to read, re-reads included. */
  reads: number
  /** Syntax nodes left to copy. */
  nodes: number
  /**
   * When parsing may have to stop (performance.now() milliseconds): past it, the CPU time spent
   * since {@link WorkBudget.cpuStart} decides.
   */
  readonly deadline: number
  /** This thread's CPU time when the decision began (milliseconds, {@link cpuMilliseconds}). */
  readonly cpuStart: number
  /** Set once spent: what ran out. */
  spent: string | undefined
}

/** The budget of one decision. */
export const workLimits = {
  progress: 1_000,
  reads: 1_000_000,
  nodes: 10_000,
  parseMilliseconds: 30,
} as const

/** A fresh budget for one decision. */
export function workBudget(
  now: number = performance.now(),
  cpu: number = cpuMilliseconds(),
): WorkBudget {
  return {
    progress: workLimits.progress,
    reads: workLimits.reads,
    nodes: workLimits.nodes,
    deadline: now + workLimits.parseMilliseconds,
    cpuStart: cpu,
    spent: undefined,
  }
}

/** The CPU time reader: this thread's where this Node has `process.threadCpuUsage`, else the process's. */
const cpuUsage: () => NodeJS.CpuUsage =
  typeof (process as { threadCpuUsage?: unknown }).threadCpuUsage === 'function'
    ? () => (process as unknown as { threadCpuUsage: () => NodeJS.CpuUsage }).threadCpuUsage()
    : () => process.cpuUsage()

/** CPU time used so far, in milliseconds (user and system). */
export function cpuMilliseconds(): number {
  const { user, system } = cpuUsage()
  return (user + system) / 1_000
}

/** The parser's progress check against a budget: true (stop) once it is spent. */
export function parserCheck(budget: WorkBudget): () => boolean {
  return () => {
    if (--budget.progress < 0)
      budget.spent ??= `more than ${workLimits.progress * 100} parser operations`
    else pastDeadline(budget)
    return budget.spent !== undefined
  }
}

/**
 * The check of each chunk the parser reads against a budget: true (stop reading: the line ends
 * there for the parser) once it is spent.
 */
export function readCheck(budget: WorkBudget): (characters: number) => boolean {
  return (characters) => {
    if (budget.spent !== undefined) return true
    budget.reads -= characters
    if (budget.reads < 0) budget.spent ??= `more than ${workLimits.reads} characters read`
    else pastDeadline(budget)
    return budget.spent !== undefined
  }
}

/** Whether the budget is spent (read through a call: the parser's checks spend it). */
export function isSpent(budget: WorkBudget): boolean {
  return budget.spent !== undefined
}

function pastDeadline(budget: WorkBudget): void {
  if (
    performance.now() > budget.deadline &&
    cpuMilliseconds() - budget.cpuStart > workLimits.parseMilliseconds
  ) {
    budget.spent ??= `more than ${workLimits.parseMilliseconds} ms of parsing`
  }
}
