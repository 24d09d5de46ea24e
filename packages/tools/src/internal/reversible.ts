/**
 * One registration held by the registry (a tool, a restriction, a guard, a listener): `remove()`
 * takes it out, and `restore()` puts it back exactly where it was, which is how a
 * `registry.batch(fn)` that fails is undone. Both are idempotent: removing what is out, or
 * restoring what is in, does nothing.
 */
export interface Reversible {
  remove(): void
  restore(): void
}
