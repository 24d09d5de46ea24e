/**
 * Whether `value` is a plain object: its prototype is nothing, this realm's `Object.prototype`,
 * or another realm's (data built in a `vm` context or an iframe is still plain data). Never
 * throws: a Proxy whose traps throw is not plain.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  try {
    if (Array.isArray(value)) return false
    const proto = Object.getPrototypeOf(value) as object | null
    return proto === Object.prototype || proto === null || isForeignObjectPrototype(proto)
  } catch {
    return false
  }
}

/** Whether `value` is a plain array of this realm or another (not an Array subclass). Never throws. */
export function isPlainArray(value: unknown): value is readonly unknown[] {
  try {
    if (!Array.isArray(value)) return false
    const proto = Object.getPrototypeOf(value) as object | null
    if (proto === Array.prototype) return true
    // Only a realm's own Array.prototype is both an array and a direct child of Object.prototype;
    // an Array subclass's prototype is an ordinary object.
    return (
      proto !== null &&
      Array.isArray(proto) &&
      isForeignObjectPrototype(Object.getPrototypeOf(proto) as object | null)
    )
  } catch {
    return false
  }
}

/** Whether `proto` is another realm's `Object.prototype`. Never throws. */
export function isForeignObjectPrototype(proto: object | null): boolean {
  if (proto === null) return false
  try {
    if (Object.getPrototypeOf(proto) !== null) return false
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
 * What a value is, for messages: a JSON type name (`string`, `number`, `boolean`, `null`,
 * `array`, `object`) for JSON data, otherwise a description such as `undefined`, `NaN`,
 * `a function`, `an instance of Map`, `a sparse-array hole`. Never throws.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return typeof value
    case 'number':
      return Number.isFinite(value) ? 'number' : String(value)
    case 'bigint':
      return 'a bigint'
    case 'symbol':
      return 'a symbol'
    case 'function':
      return 'a function'
    default:
      break
  }
  if (value === null) return 'null'
  if (isPlainArray(value)) return 'array'
  if (isPlainObject(value)) return 'object'
  return describeInstance(value as object)
}

function describeInstance(value: object): string {
  try {
    const proto = Object.getPrototypeOf(value) as object | null
    if (proto !== null) {
      const constructor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value
      if (typeof constructor === 'function' && constructor.name !== '') {
        return `an instance of ${constructor.name}`
      }
    }
    return 'an object with a custom prototype'
  } catch {
    return 'an unreadable object'
  }
}

/** The message of a thrown value, for issue messages. Never throws. */
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
