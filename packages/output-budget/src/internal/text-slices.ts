/**
 * `index` moved back by one when it would cut a surrogate pair in two (a lone half would reach
 * the model, or a file, as U+FFFD): the end of a slice that must not split a character.
 */
export function sliceEnd(text: string, index: number): number {
  return index > 0 &&
    index < text.length &&
    isLowSurrogate(text.charCodeAt(index)) &&
    isHighSurrogate(text.charCodeAt(index - 1))
    ? index - 1
    : index
}

/** `index` moved forward by one when it would start a slice in the middle of a surrogate pair. */
export function sliceStart(text: string, index: number): number {
  return index > 0 &&
    index < text.length &&
    isLowSurrogate(text.charCodeAt(index)) &&
    isHighSurrogate(text.charCodeAt(index - 1))
    ? index + 1
    : index
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
