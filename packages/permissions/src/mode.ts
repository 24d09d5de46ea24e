/**
 * How calls that no rule decided are answered (SPEC §18.2), as Claude Code names its permission
 * modes:
 *
 * - `default`: ask.
 * - `acceptEdits`: files edited inside the working directory or an additional directory are
 *   allowed; anything else asks. Ask and deny rules still apply.
 * - `plan`: only tools whose annotations say `readOnly` may run (allowed when no rule matched);
 *   every other call is denied.
 * - `dontAsk`: whatever would ask is denied.
 * - `bypassPermissions`: whatever would ask is allowed; deny rules still deny.
 */
export type Mode = 'default' | 'acceptEdits' | 'plan' | 'dontAsk' | 'bypassPermissions'

/** Every {@link Mode}, in the order of the list above. */
export const modes: readonly Mode[] = Object.freeze([
  'default',
  'acceptEdits',
  'plan',
  'dontAsk',
  'bypassPermissions',
])

/** Whether `value` is one of the {@link Mode}s. */
export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (modes as readonly string[]).includes(value)
}
