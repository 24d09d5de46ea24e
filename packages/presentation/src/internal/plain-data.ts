/** `Object.getPrototypeOf`, typed. Runs a Proxy's trap, so callers catch. */
function prototypeOf(value: object): object | null {
  return Object.getPrototypeOf(value) as object | null
}

/**
 * Whether `proto` is another realm's `Object.prototype` (a `vm` context, an iframe): such an
 * object is still plain data. Never throws.
 */
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
    return false
  }
}

/**
 * Whether a non-array object is plain data: it inherits from nothing or from a realm's
 * `Object.prototype`. Runs a Proxy's `getPrototypeOf` trap, so callers catch.
 */
export function isPlainObject(value: object): boolean {
  const proto = prototypeOf(value)
  return proto === null || proto === Object.prototype || isForeignObjectPrototype(proto)
}

/**
 * Whether an array (by `Array.isArray`) is a plain one, of this realm or another, not an Array
 * subclass. Runs a Proxy's `getPrototypeOf` trap, so callers catch.
 */
export function isPlainArray(value: object): boolean {
  const proto = prototypeOf(value)
  if (proto === Array.prototype) return true
  // Only a realm's own Array.prototype is an array whose prototype is that realm's
  // Object.prototype; an Array subclass's prototype is an ordinary object.
  return proto !== null && Array.isArray(proto) && isForeignObjectPrototype(prototypeOf(proto))
}

/**
 * What a value is, for messages: `string`, `number`, `null`, `array`, `undefined`, `object`,
 * `an instance of Map`. Never throws, whatever `value` is.
 */
export function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value
  try {
    if (Array.isArray(value)) return isPlainArray(value) ? 'array' : describeInstance(value)
    return isPlainObject(value) ? 'object' : describeInstance(value)
  } catch {
    return 'an unreadable object'
  }
}

function describeInstance(value: object): string {
  const proto = prototypeOf(value)
  if (proto !== null) {
    const constructor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value
    if (typeof constructor === 'function' && constructor.name !== '') {
      return `an instance of ${constructor.name}`
    }
  }
  return 'an object with a custom prototype'
}

const maxShownLength = 40

/** A scalar written for a message: strings as JSON (shortened), numbers as JavaScript writes them. */
export function describeScalar(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > maxShownLength ? `${value.slice(0, maxShownLength)}…` : value
    return JSON.stringify(shown)
  }
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  return describeType(value)
}

/**
 * What a thrown value says: its `message` string, else `String(value)`, else a placeholder.
 * Never throws, whatever was thrown.
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (typeof thrown === 'object' && thrown !== null) {
      const message: unknown = (thrown as { message?: unknown }).message
      if (typeof message === 'string') return message
    }
    return String(thrown)
  } catch {
    return '<unprintable thrown value>'
  }
}
