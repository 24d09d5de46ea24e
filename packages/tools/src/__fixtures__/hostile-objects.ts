import { expect } from 'vitest'

// Hostile objects for what the registry reads of a definition, defineTool's options or a
// restriction (SPEC §11): each made around the error its getter or trap throws.

/** `base` with a `key` whose getter throws `error`. */
export function withGetter<T extends object>(base: T, key: string, error: unknown): T {
  Object.defineProperty(base, key, {
    get() {
      throw error
    },
    enumerable: true,
  })
  return base
}

/** A Proxy of `target` whose `trap` throws `error`. */
export function trapping<T extends object>(target: T, trap: 'get' | 'ownKeys', error: unknown): T {
  return new Proxy(target, {
    [trap]: () => {
      throw error
    },
  })
}

/** A Proxy that throws a `TypeError` for anything done with it. */
export function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {})
  revoke()
  return proxy
}

/**
 * One hostile value: `make(error)` builds it around `error`, which a getter or trap throws; a
 * revoked Proxy throws a `TypeError` of its own instead, and `make` ignores `error`.
 */
export interface Row<TValue> {
  readonly label: string
  /** What the message names as unreadable, before ` could not be read: `. */
  readonly what: string
  readonly make: (error: Error) => TValue
  readonly revoked?: true
}

/** Checks `thrown` names `row.what` and carries what was thrown as its cause. */
export function expectUnreadable(thrown: Error, row: Row<unknown>, error: Error): void {
  if (row.revoked === true) {
    expect(thrown.cause).toBeInstanceOf(TypeError)
    expect(thrown.message).toBe(`${row.what} could not be read: ${(thrown.cause as Error).message}`)
  } else {
    expect(thrown.cause).toBe(error)
    expect(thrown.message).toBe(`${row.what} could not be read: boom`)
  }
}
