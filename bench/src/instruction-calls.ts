/*
 * What the `instructions` suite runs under callgrind: one case of `instruction-cases.ts`, set up,
 * then its call `count` times, one after the other, each awaited.
 *
 *   node --single-threaded --predictable --import ./ts-resolve.mjs instruction-calls.ts <case> <count>
 *
 * Node strips the types itself (no tsx: its loader would add work that differs between runs).
 */
import { setUpCase } from './instruction-cases.js'

const [name = '', count = ''] = process.argv.slice(2)
const calls = Number.parseInt(count, 10)
if (!(calls >= 0)) throw new Error(`usage: instruction-calls.ts <case> <count>, got "${count}"`)
const call = await setUpCase(name)
for (let index = 0; index < calls; index++) await call()
