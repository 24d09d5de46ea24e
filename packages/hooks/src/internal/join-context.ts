import type { HookContext } from '@toolpipe/core'

/** Who the hooks' context comes from, so that it is never taken for the user's words. */
export const hooksSource = Object.freeze({ kind: 'plugin', plugin: '@toolpipe/hooks' } as const)

/**
 * A result's additional context with the hooks' texts joined after it (SPEC §19: a hook's
 * `additionalContext` joins the result's): one text block per hook, in order. The joined context
 * is the hooks' (`source` names this package), so that plugin text is never labelled the user's.
 */
export function joinContext(
  existing: HookContext | undefined,
  texts: readonly string[],
): HookContext | undefined {
  if (texts.length === 0) return existing
  return {
    content: [
      ...(existing?.content ?? []),
      ...texts.map((text) => ({ type: 'text' as const, text })),
    ],
    source: hooksSource,
  }
}
