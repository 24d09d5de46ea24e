/** A seeded random source (mulberry32): the same corpus on every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string
  /** An integer in [low, high]. */
  int(low: number, high: number): number
  pick<TItem>(items: readonly TItem[]): TItem
}

export const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const lower = 'abcdefghijklmnopqrstuvwxyz'
export const digits = '0123456789'
export const alnum = upper + lower + digits
export const base64 = `${alnum}+/`
export const base64url = `${alnum}-_`
export const hex = '0123456789abcdef'

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1))
  return {
    next,
    int,
    chars: (alphabet, length) =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)] ?? 'a').join(''),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  }
}
