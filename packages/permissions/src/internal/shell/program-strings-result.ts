/** What a program that runs strings (SPEC §26) was given to run. */
export interface ProgramStrings {
  /** Why no allow rule may allow this invocation; empty when its program text is harmless. */
  readonly hidingConstructs: string[]
  /** Command lines it runs, for deny rules (`sed 'e rm x'`, `awk 'BEGIN{system("rm x")}'`). */
  readonly nested: string[]
}

export const none: ProgramStrings = Object.freeze({ hidingConstructs: [], nested: [] })

/** A command a program runs, unless there is none (empty or blank). */
export function listOf(value: string | undefined): string[] {
  return value === undefined || value.trim() === '' ? [] : [value]
}
