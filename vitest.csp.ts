import { createContext, runInContext } from 'node:vm'
import { defineConfig, mergeConfig } from 'vitest/config'
import { sharedVitestConfig } from './vitest.shared.js'

/**
 * A package's tests again where `new Function` and `eval` throw, as in a page whose Content
 * Security Policy has no `'unsafe-eval'`: Node.js's `--disallow-code-generation-from-strings`,
 * in forked workers (a V8 flag is per process). Type tests ran in the ordinary run already.
 * `setupFiles` lend code generation to the tests' oracles ({@link lendCodeGeneration}).
 */
export function cspVitestConfig(setupFiles: string[]) {
  return mergeConfig(
    sharedVitestConfig,
    defineConfig({
      test: {
        pool: 'forks',
        execArgv: ['--disallow-code-generation-from-strings'],
        typecheck: { enabled: false },
        setupFiles,
      },
    }),
  )
}

/**
 * Lets `owner[method]` compile code while it runs, in the CSP run: the global `Function` is, for
 * the length of the call, the constructor of a `node:vm` context that allows code generation.
 * For the oracles the tests compare toolpipe with (Ajv compiles every schema with `new
 * Function`), never for toolpipe's own code, which must find code generation refused.
 */
export function lendCodeGeneration<Owner extends object>(owner: Owner, method: keyof Owner): void {
  const allowed = runInContext(
    'Function',
    createContext({}, { codeGeneration: { strings: true, wasm: true } }),
  ) as FunctionConstructor
  const original = owner[method] as (...args: unknown[]) => unknown
  const lent = function (this: unknown, ...args: unknown[]): unknown {
    const refused = globalThis.Function
    globalThis.Function = allowed
    try {
      return original.apply(this, args)
    } finally {
      globalThis.Function = refused
    }
  }
  Object.defineProperty(owner, method, { value: lent, writable: true, configurable: true })
}
