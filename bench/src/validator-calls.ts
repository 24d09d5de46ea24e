/*
 * What the `validator-instructions` suite runs under callgrind: one validator on one uniform
 * pool (or the harness alone), a full collection, then `warmUp` + `count` calls, values cycled
 * from the pool.
 *
 *   node --single-threaded --predictable --liftoff-only --random-seed=1 --hash-seed=1 --expose-gc \
 *     --allow-natives-syntax --import ./ts-resolve.mjs validator-calls.ts <case> <warmUp> <count>
 *
 * The calls run in a function (`calls`), which V8 is told to optimize after the warm-up: left to
 * itself, it ran the counted loop in its optimized code in one case and in its baseline code
 * (about 140 instructions a call more) in another, and the harness would not cancel out. The
 * `harness` case runs the same loop with a check that does nothing: the suite subtracts it.
 */
import { readCallArguments } from './call-arguments.js'
import { validatorCase } from './validator-instruction-cases.js'

const { name, warmUp, count, gc } = readCallArguments('validator-calls.ts')
const { check, pool } = await validatorCase(name)

/** `count` calls of `check`, the values cycled from `pool`: what each found, summed. */
function calls(count: number): number {
  let found = 0
  for (let index = 0; index < count; index++) found += check(pool[index % pool.length])
  return found
}

/** `%OptimizeFunctionOnNextCall`, which only `--allow-natives-syntax` lets code say. */
// eslint-disable-next-line no-new-func, @typescript-eslint/no-implied-eval -- V8's own syntax, which TypeScript cannot parse
const optimizeOnNextCall = new Function(
  'f',
  '%PrepareFunctionForOptimization(f); %OptimizeFunctionOnNextCall(f)',
) as (f: (count: number) => number) => void

gc()
let found = calls(warmUp)
optimizeOnNextCall(calls)
found += calls(count)
// Read, so that no call's result is dead code.
if (found < 0) throw new Error(`a check found ${found} issues`)
