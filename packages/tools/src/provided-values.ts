import type { Agent } from '@toolpipe/core'
import type { ToolRules } from './tool-rules.js'
import { ToolRegistryError } from './tool-registry-error.js'

/**
 * What a policy plugin (`@toolpipe/permissions`) tells the plugins beside it about how it
 * judges calls (SPEC §26): hooks send its mode as `permission_mode`, an audit log resolves a
 * relative path against its project root.
 */
export interface PolicyContext {
  /** Absolute: what `/p` rules are relative to. */
  readonly projectRoot: string
  /** Absolute: what relative paths resolve against. */
  readonly cwd: string
  /**
   * The permission mode in force for a call of `agent` (`default`, `acceptEdits`, `plan`,
   * `dontAsk`, `bypassPermissions`), or undefined when this policy does not judge its calls.
   */
  permissionMode(agent?: Agent): string | undefined
  /**
   * The rules this policy's options give for the tool called `name` (`permissions({ tools })`),
   * which take the place of the definition's `permissions` (SPEC §18.1): hooks match and name the
   * tool by their `ruleName` too. Undefined when the options give none.
   */
  toolRules?(name: string): ToolRules | undefined
}

/**
 * Takes out of a value a person is shown what must not be shown there (`@toolpipe/redact`: the
 * secrets): a copy, or the value itself when nothing changed. The pipeline applies it to an
 * approval request's arguments and pending card, to each progress update's message and content,
 * and to every reason a policy, guard or plugin gives (a denial's, which becomes the denied
 * result's text; an ask's, which the approval request carries; every decision record's, which an
 * audit log writes), to what each `tools/post-execute` listener writes into the result (a block's
 * feedback and error, an accept's content, the additional context) as its decision is read, and
 * to the text of an error result plugin code threw, to the payload of every plugin event
 * (`registry.notify`); a bridge that draws a call's cards applies it
 * through {@link shownValue}.
 */
export type ShownValueFilter = <TValue>(value: TValue) => TValue

/**
 * Values plugins provide to the plugins beside them on one registry, by name (see
 * `registry.provide`). Extend it by declaration merging for a plugin's own values.
 */
export interface ToolProvidedValueMap {
  'policy/context': PolicyContext
  'tools/shown': ShownValueFilter
}

/**
 * `value` as a person may be shown it: every `tools/shown` filter of `registry`'s plugins
 * applied, in the order they were provided. What a filter throws is thrown: a card that could
 * not be cleaned is not shown.
 */
export function shownValue<TValue>(
  registry: { provided(name: 'tools/shown'): readonly unknown[] },
  value: TValue,
): TValue {
  let shown = value
  for (const filter of registry.provided('tools/shown')) {
    if (typeof filter !== 'function') {
      throw new ToolRegistryError(
        'a provided "tools/shown" value must be a function',
        'INVALID_PLUGIN',
      )
    }
    shown = (filter as ShownValueFilter)(shown)
  }
  return shown
}

/** A name of {@link ToolProvidedValueMap}. */
export type ToolProvidedValueName = keyof ToolProvidedValueMap
