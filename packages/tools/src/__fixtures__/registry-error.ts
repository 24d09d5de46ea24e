import { expect } from 'vitest'
import { ToolRegistryError } from '../tool-registry-error.js'

/** What `run` throws, which must be a `ToolRegistryError`; fails the test when it throws nothing. */
export function registryError(run: () => unknown): ToolRegistryError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistryError)
    return error as ToolRegistryError
  }
  throw new Error('expected a ToolRegistryError')
}
