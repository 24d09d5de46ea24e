import { describe, expect, it } from 'vitest'
import { PluginLogger } from './plugin-logger.js'

function recorder() {
  const lines: unknown[][] = []
  return { lines, logger: { warn: (...line: unknown[]) => lines.push(line) } }
}

describe('PluginLogger', () => {
  it('keeps warnings until the registry’s logger is known, then hands them over first', () => {
    const logger = new PluginLogger(undefined)
    logger.warn('early', 1)
    const registry = recorder()
    logger.useRegistryLogger(registry.logger)
    logger.warn('later')
    expect(registry.lines).toEqual([['early', 1], ['later']])
    expect(logger.current).toBe(registry.logger)
  })

  it('keeps to the logger it was given, whatever registry it is installed in', () => {
    const given = recorder()
    const logger = new PluginLogger(given.logger)
    logger.useRegistryLogger(recorder().logger)
    logger.warn('x')
    expect(given.lines).toEqual([['x']])
  })

  it('swallows what a broken logger throws', () => {
    const logger = new PluginLogger({
      warn: () => {
        throw new Error('broken')
      },
    })
    expect(() => {
      logger.warn('x')
    }).not.toThrow()
  })
})
