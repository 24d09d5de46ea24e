import { prototypeOf } from './plain-prototype.js'

/**
 * Names what kind of object `value` is, for messages about values that are not plain data:
 * `an instance of Map`, `an instance of Point`, `an object with a custom prototype`, or
 * `an unreadable object` for a Proxy whose traps throw. Never throws.
 *
 * @example
 * describeInstance(new Date()) // 'an instance of Date'
 */
export function describeInstance(value: object): string {
  try {
    const proto = prototypeOf(value)
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
