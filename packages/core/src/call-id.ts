declare const callIdBrand: unique symbol

/**
 * The id a provider gave one tool call. Branded so that a tool name, a message id or any other
 * string cannot be passed where a call id is expected.
 */
export type CallId = string & { readonly [callIdBrand]: true }

/**
 * Brands a string as a {@link CallId} without checking it: providers choose their own formats.
 *
 * @example
 * const callId = asCallId(toolCall.id)
 */
export function asCallId(id: string): CallId {
  return id as CallId
}
