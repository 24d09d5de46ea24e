/**
 * Whether `proto` is what a plain object inherits from: nothing, this realm's `Object.prototype`,
 * or another realm's (a value built inside a `vm` context or an iframe is still plain data).
 */
export function isPlainObjectPrototype(proto: object | null): boolean {
  if (proto === null) return true
  // Stryker disable next-line ConditionalExpression: fast path, this realm's Object.prototype passes the check below too ("→ true" fails the tests)
  if (proto === Object.prototype) return true
  return isForeignObjectPrototype(proto)
}

/** Whether `proto` is what a plain array inherits from, in this realm or another. */
export function isPlainArrayPrototype(proto: object | null): boolean {
  // Stryker disable next-line ConditionalExpression: fast path, this realm's Array.prototype passes the check below too ("→ true" fails the tests)
  if (proto === Array.prototype) return true
  // Only a realm's own Array.prototype is both an array and a direct child of Object.prototype;
  // an Array subclass's prototype is an ordinary object.
  try {
    return Array.isArray(proto) && isForeignObjectPrototype(prototypeOf(proto))
  } catch {
    return false
  }
}

function isForeignObjectPrototype(proto: object | null): boolean {
  // Stryker disable next-line ConditionalExpression: null would also land in the catch below (Object.getPrototypeOf(null) throws); "→ true" refuses other realms' data and fails the tests
  if (proto === null) return false
  try {
    if (prototypeOf(proto) !== null) return false
    // Stryker disable next-line OptionalChaining: without `?.` a missing descriptor throws into the catch below, which also answers false
    const constructor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value
    return (
      typeof constructor === 'function' &&
      constructor.name === 'Object' &&
      (constructor as { prototype?: unknown }).prototype === proto
    )
  } catch {
    // A Proxy whose traps throw is not plain data.
    return false
  }
}

/** `Object.getPrototypeOf`, typed. */
export function prototypeOf(value: object): object | null {
  return Object.getPrototypeOf(value) as object | null
}
