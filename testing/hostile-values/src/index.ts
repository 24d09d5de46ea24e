/** A revoked Proxy: every operation on it (a member read, `typeof` aside) throws a TypeError. */
export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/**
 * A Proxy over `target` whose every trap throws `thrown`: reading a member, `in`, listing keys,
 * reading the prototype or a property descriptor, and calling it (when `target` is a function).
 */
export function throwingProxy(target: object, thrown: unknown): object {
  const fail = (): never => {
    throw thrown
  }
  return new Proxy(target, {
    get: fail,
    has: fail,
    ownKeys: fail,
    getPrototypeOf: fail,
    getOwnPropertyDescriptor: fail,
    apply: fail,
  })
}
