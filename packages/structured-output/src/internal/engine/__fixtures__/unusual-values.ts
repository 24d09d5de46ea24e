import { runInNewContext } from 'node:vm'

/** A class whose instances are objects with another prototype. */
export class Record2 {
  [key: string]: unknown
}

/** An array subclass. */
export class List<T> extends Array<T> {}

/**
 * `value` with some of its containers made unusual: another prototype or realm, a subclass,
 * keys in another order, inherited or undefined members, a throwing getter, a hole, a member
 * that is the same object as a container above (a shared value: the tree is rebuilt here, so
 * {@link closeCycle} makes the cycles).
 */
export function roughen(value: unknown, random: () => number, ancestors: object[] = []): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return roughenArray(value, random, ancestors)
  const record = value as Record<string, unknown>
  const entries = Object.entries(record).map(
    ([key, member]) => [key, roughen(member, random, [...ancestors, record])] as const,
  )
  return roughenObject(entries, random, ancestors)
}

/** An array, its elements roughened, maybe with a hole, another class or realm, or a cycle. */
function roughenArray(value: unknown[], random: () => number, ancestors: object[]): unknown {
  const list: unknown[] = value.map((item) => roughen(item, random, [...ancestors, value]))
  const roll = random()
  if (roll < 0.06 && list.length > 0) {
    // A hole where an element was.
    Reflect.deleteProperty(list, Math.floor(random() * list.length))
    return list
  }
  if (roll < 0.12) return List.from(list)
  if (roll < 0.18) {
    const foreign = runInNewContext('[]') as unknown[]
    foreign.push(...list)
    return foreign
  }
  if (roll < 0.24 && list.length > 0) {
    const target = [...ancestors, list][Math.floor(random() * (ancestors.length + 1))]
    list[Math.floor(random() * list.length)] = target
  }
  return list
}

/**
 * An object of `entries` (already roughened): maybe with another prototype or realm, its keys
 * reversed, inherited or undefined members, a throwing getter, or a cycle.
 */
function roughenObject(
  entries: readonly (readonly [string, unknown])[],
  random: () => number,
  ancestors: object[],
): unknown {
  const roll = random()
  if (roll < 0.07) return Object.assign(Object.create(null) as object, Object.fromEntries(entries))
  if (roll < 0.12) {
    const foreign = runInNewContext('({})') as Record<string, unknown>
    for (const [key, member] of entries) foreign[key] = member
    return foreign
  }
  if (roll < 0.17) return Object.assign(new Record2(), Object.fromEntries(entries))
  if (roll < 0.27) return Object.fromEntries([...entries].reverse())
  if (roll < 0.32) {
    return Object.assign(
      Object.create({ a: 1, m1: 'inherited' }) as object,
      Object.fromEntries(entries),
    )
  }
  if (roll < 0.4 && entries.length > 0) {
    const [key] = entries[Math.floor(random() * entries.length)]!
    return { ...Object.fromEntries(entries), [key]: undefined, undefinedExtra: undefined }
  }
  if (roll < 0.45 && entries.length > 0) {
    const [key] = entries[Math.floor(random() * entries.length)]!
    return Object.defineProperty({ ...Object.fromEntries(entries) }, key, {
      enumerable: true,
      get: () => {
        throw new Error('unreadable')
      },
    })
  }
  if (roll < 0.5 && entries.length > 0) {
    const looped = Object.fromEntries(entries)
    const [key] = entries[Math.floor(random() * entries.length)]!
    looped[key] = [...ancestors, looped][Math.floor(random() * (ancestors.length + 1))]
    return looped
  }
  return Object.fromEntries(entries)
}
