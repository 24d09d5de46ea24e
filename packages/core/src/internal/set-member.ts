/**
 * Sets `copy[key]` to `value` as an own, enumerable, writable data member, for copies of JSON
 * data: a `__proto__` key is defined rather than assigned, since assigning it would set the
 * copy's prototype, and a JSON key is only ever data.
 */
export function setMember(copy: Record<string, unknown>, key: string, value: unknown): void {
  // Stryker disable next-line ConditionalExpression: defining every key would make the same copy, only slower ("→ false" sets the copy's prototype and fails the tests)
  if (key === '__proto__') {
    Object.defineProperty(copy, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  } else {
    copy[key] = value
  }
}
