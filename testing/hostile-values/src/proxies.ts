/** A revoked Proxy over `target`: every operation on it throws a TypeError. */
export function revokedProxy(target: object = {}): object {
  const { proxy, revoke } = Proxy.revocable(target, {})
  revoke()
  return proxy
}

/**
 * A Proxy over `target` whose every trap throws (`get`, `has`, `ownKeys`, `getPrototypeOf`,
 * `getOwnPropertyDescriptor`, `apply`): `thrown` itself when given, else a fresh
 * `Error('trap')` each time.
 */
export function throwingProxy(target: object = {}, ...thrown: [unknown?]): object {
  const fail = (): never => {
    throw thrown.length > 0 ? thrown[0] : new Error('trap')
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

/** A Proxy over `target` whose one trap `trap` throws `thrown`; every other operation works. */
export function trapThrowing(
  target: object,
  trap: keyof ProxyHandler<object>,
  thrown: unknown = new Error('trap'),
): object {
  return new Proxy(target, {
    [trap]: () => {
      throw thrown
    },
  })
}
