/**
 * The length of `value` in code points, as JSON Schema counts `minLength` and `maxLength`: a
 * surrogate pair (an emoji, most CJK extensions) is one character, and so is a lone surrogate.
 * The same count as `[...value].length`, without the array.
 */
export function codePointLength(value: string): number {
  const units = value.length
  let length = units
  for (let index = 0; index < units - 1; index++) {
    const code = value.charCodeAt(index)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--
        index++
      }
    }
  }
  return length
}

/**
 * Whether `value` has at least `min` and at most `max` code points. Most strings are decided by
 * their UTF-16 length alone (a string has between half as many and as many code points as
 * units); only the others are counted.
 */
export function hasCodePointLength(
  value: string,
  min: number | undefined,
  max: number | undefined,
): boolean {
  const units = value.length
  if (min !== undefined && (units < min || (units + 1) >> 1 < min)) {
    if (units < min || codePointLength(value) < min) return false
  }
  if (max !== undefined && units > max) return codePointLength(value) <= max
  return true
}
