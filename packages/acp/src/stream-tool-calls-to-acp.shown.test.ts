import { describe, expect, it } from 'vitest'
import type { ShownValueFilter } from '@toolpipe/tools'
import { setup, validUpdates } from './__fixtures__/streamed-registry.js'

// SPEC §25: the arguments on a card are redacted too. The stream draws a call's cards itself,
// so it applies the registry's `tools/shown` filters (what `@toolpipe/redact` provides).

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('s3cr3t-value', '[hidden]')) as typeof value

describe('streamToolCallsToAcp and tools/shown', () => {
  it('sends the cards as a person may be shown them: the pending card and the completed one', async () => {
    const session = setup()
    session.registry.provide('tools/shown', hide)
    const shownOutput = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll('(output)', '(shown output)')) as typeof value
    session.registry.provide('tools/shown', shownOutput as ShownValueFilter)
    await session.run('c1', 'shell', { command: 'login --token s3cr3t-value' })
    const [pending, , completed] = validUpdates(session)
    expect(pending).toMatchObject({ sessionUpdate: 'tool_call', title: 'login --token [hidden]' })
    expect(JSON.stringify(pending)).not.toContain('s3cr3t-value')
    expect(JSON.stringify(completed)).toContain('(shown output)')
    expect(session.logger.warn).not.toHaveBeenCalled()
  })

  it('sends a bare card, with a warning, when a filter fails: no card goes out unclean', async () => {
    const session = setup()
    session.registry.provide('tools/shown', () => {
      throw new Error('scan failed')
    })
    await session.run('c2', 'shell', { command: 'login --token s3cr3t-value' })
    const updates = validUpdates(session)
    expect(updates[0]).toMatchObject({ sessionUpdate: 'tool_call', title: 'shell', kind: 'other' })
    expect(JSON.stringify(updates[0])).not.toContain('s3cr3t-value')
    // The result's own content is the result the model got (an innermost redactSecrets() wrapper
    // cleans that); the card drawn from it failed to clean, so it adds nothing of its own.
    expect(updates[2]).not.toHaveProperty('title')
    expect(session.logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('could not be cleaned for display'),
      expect.any(Error),
    )
  })
})
