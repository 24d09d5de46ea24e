/**
 * Whether `proto` is what a plain object inherits from: nothing, this realm's `Object.prototype`,
 * or another realm's (a value built inside a `vm` context or an iframe is still plain data).
 */
export function isPlainObjectPrototype(proto: object | null): boolean {
  return proto === null || proto === Object.prototype || isForeignObjectPrototype(proto)
}

/** Whether `proto` is what a plain array inherits from, in this realm or another. */
export function isPlainArrayPrototype(proto: object | null): boolean {
  if (proto === Array.prototype) return true
  // Only a realm's own Array.prototype is both an array and a direct child of Object.prototype;
  // an Array subclass's prototype is an ordinary object.
  try {
    return proto !== null && Array.isArray(proto) && isForeignObjectPrototype(prototypeOf(proto))
  } catch {
    return false
  }
}

function isForeignObjectPrototype(proto: object | null): boolean {
  if (proto === null) return false
  try {
    if (prototypeOf(proto) !== null) return false
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
