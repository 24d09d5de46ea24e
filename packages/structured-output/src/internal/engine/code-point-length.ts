/**
 * The length of `value` in code points, as JSON Schema counts `minLength` and `maxLength`: a
 * surrogate pair (an emoji, most CJK extensions) is one character, and so is a lone surrogate.
 * The same count as `[...value].length`, without the array.
 *
 * Mutation testing: `index <= units - 1` survives as equivalent (the extra step reads NaN past the
 * end, which pairs with nothing).
 */
export function codePointLength(value: string): number {
  const units = value.length
  let length = units
  // Stryker disable next-line ArithmeticOperator: past the end charCodeAt is NaN, which pairs with nothing
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
 *
 * Mutation testing: the checks on `units` only decide when counting can be skipped, and counting
 * is exact, so the mutants that make them count more often (`units < min` → false, `<=` for `<`,
 * `units - 1` for `units + 1`, a `min !== undefined` or `max !== undefined` → true) survive as
 * equivalent. No directive: each shares its line with mutants that count too rarely, which the
 * tests kill.
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
