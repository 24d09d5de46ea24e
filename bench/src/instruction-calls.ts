/*
 * What the `instructions` suite runs under callgrind: one case of `instruction-cases.ts`, set up,
 * a full collection, then its call `warmUp` + `count` times, one after the other, each awaited.
 * The collection leaves no marking of the set-up's heap (every package of every case is loaded)
 * to fall among the calls: one such cycle costs as much as 20,000 calls. (A collection after the
 * warm-up would not do: V8 then drops compiled code and feedback, and the counted calls pay to
 * make them again.)
 *
 *   node --single-threaded --predictable --liftoff-only --expose-gc --import ./ts-resolve.mjs \
 *     instruction-calls.ts <case> <warmUp> <count>
 *
 * Node strips the types itself (no tsx: its loader would add work that differs between runs).
 */
import { readCallArguments } from './call-arguments.js'
import { setUpCase } from './instruction-cases.js'

const { name, warmUp, count, gc } = readCallArguments('instruction-calls.ts')
const call = await setUpCase(name)
gc()
for (let index = 0; index < warmUp; index++) await call()
for (let index = 0; index < count; index++) await call()
