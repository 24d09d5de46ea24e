import type { CompiledRule } from './compiled-rule.js'

/**
 * One tool's command rules of one list, in evaluation order. They are filed by their literal
 * first word the first time a command of that tool is judged, not at load: a rule set is rebuilt
 * at every change of any source, and a decision reads only the rules its first words bring up.
 */
export class ToolCommands {
  /** Every command rule of the tool, in evaluation order. */
  readonly rules: CompiledRule[] = []
  #filed: Filed | undefined

  add(rule: CompiledRule): void {
    this.rules.push(rule)
    this.#filed = undefined
  }

  /** The rules by their literal first word (those whose first word has a `*` are not here). */
  byWord(): ReadonlyMap<string, readonly CompiledRule[]> {
    return this.filed().byWord
  }

  /**
   * The rules that could match a command whose first word is `word` (undefined: not known
   * before it runs, so every rule could): its own, and those whose first word has a `*`, in
   * evaluation order.
   */
  candidates(word: string | undefined): readonly CompiledRule[] {
    if (word === undefined) return this.rules
    const filed = this.filed()
    const exact = filed.byWord.get(word)
    if (exact === undefined) return filed.anyWord
    if (filed.anyWord.length === 0) return exact
    // Merged once per word a rule names (a bounded set), kept for the rule set's life.
    let merged = filed.merged.get(word)
    if (merged === undefined) {
      merged = [...exact, ...filed.anyWord].sort(byOrder)
      filed.merged.set(word, merged)
    }
    return merged
  }

  private filed(): Filed {
    if (this.#filed !== undefined) return this.#filed
    const byWord = new Map<string, CompiledRule[]>()
    const anyWord: CompiledRule[] = []
    for (const rule of this.rules) {
      const word = rule.command?.firstWord
      if (word === undefined) {
        anyWord.push(rule)
        continue
      }
      const list = byWord.get(word)
      if (list === undefined) byWord.set(word, [rule])
      else list.push(rule)
    }
    this.#filed = { byWord, anyWord, merged: new Map() }
    return this.#filed
  }
}

interface Filed {
  readonly byWord: Map<string, CompiledRule[]>
  /** The rules whose first word has a `*`. */
  readonly anyWord: CompiledRule[]
  /** Each first word's rules and `anyWord`'s, in evaluation order, as asked for. */
  readonly merged: Map<string, CompiledRule[]>
}

function byOrder(a: CompiledRule, b: CompiledRule): number {
  return a.order - b.order
}
