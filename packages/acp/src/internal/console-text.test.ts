import { describe, expect, it } from 'vitest'
import { consoleText } from './console-text.js'

describe('consoleText', () => {
  it('fences the output, trailing line breaks trimmed, with nothing more for exit code 0', () => {
    expect(consoleText({ card: 'terminal', output: 'ok\r\n\n', exitCode: 0 })).toBe(
      '```console\nok\n```',
    )
  })

  it('adds a non-zero exit code, or the signal that killed the command', () => {
    expect(consoleText({ card: 'terminal', output: 'FAIL', exitCode: 1 })).toBe(
      '```console\nFAIL\n```\n\nExited with code 1.',
    )
    expect(consoleText({ card: 'terminal', output: '', signal: 'SIGKILL' })).toBe(
      'Killed by signal SIGKILL.',
    )
  })

  it('is undefined when there is neither output nor news of how it ended', () => {
    expect(consoleText({ card: 'terminal' })).toBeUndefined()
    expect(consoleText({ card: 'terminal', output: '\n\n', exitCode: 0 })).toBeUndefined()
    expect(consoleText({ card: 'terminal', signal: '' })).toBeUndefined()
  })
})
