import { describe, expect, it } from 'vitest'
import { redactContent, redactValue } from './redact-value.js'
import type { LocatedFinding, StringRedactor } from './redact-value.js'

// SPEC §25: every string of a structured value is redacted, before anyone after the tool sees it.
const secret = 'tok_0123456789abcdef'
const redact: StringRedactor = (text) => {
  const start = text.indexOf(secret)
  if (start < 0) return { text: undefined, findings: [] }
  return {
    text: text.replaceAll(secret, '[REDACTED:tok]'),
    findings: [{ ruleId: 'tok', start, end: start + secret.length, line: 1 }],
  }
}

function redacted(value: unknown): { value: unknown; found: LocatedFinding[] } {
  const found: LocatedFinding[] = []
  return { value: redactValue(value, 'structured', redact, found), found }
}

describe('redactValue', () => {
  it('scans members named data or blob like any other, outside binary blocks', () => {
    const { value } = redacted({ data: { token: secret }, blob: secret, items: [{ data: secret }] })
    expect(value).toEqual({
      data: { token: '[REDACTED:tok]' },
      blob: '[REDACTED:tok]',
      items: [{ data: '[REDACTED:tok]' }],
    })
  })

  it('§25 scans every string of a structured value, blocks’ binary-looking members included', () => {
    const lookalikes = {
      events: [{ type: 'image', data: secret }],
      sound: { type: 'audio', data: secret },
      file: { uri: 'file:///a.env', blob: secret },
      block: { type: 'resource', resource: { uri: 'file:///b.env', blob: secret } },
    }
    const { value, found } = redacted(lookalikes)
    expect(JSON.stringify(value)).not.toContain(secret)
    expect(found.map((finding) => finding.where)).toEqual([
      'structured.events[0].data',
      'structured.sound.data',
      'structured.file.blob',
      'structured.block.resource.blob',
    ])
  })

  it('leaves the binary of a result’s content blocks alone: image and audio data, a resource’s blob', () => {
    const blocks = [
      { type: 'image', data: secret, mimeType: 'image/png' },
      { type: 'audio', data: secret, mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a.bin', blob: secret } },
    ]
    const found: LocatedFinding[] = []
    expect(redactContent(blocks, 'content', redact, found)).toBe(blocks)
    expect(found).toEqual([])
  })

  it('scans the rest of a result’s content blocks, and binary that is no text', () => {
    const blocks = [
      { type: 'text', text: secret },
      { type: 'image', data: secret, mimeType: 'image/png', alt: secret },
      { type: 'resource', resource: { uri: secret, blob: secret, text: secret } },
      { type: 'image', data: [secret], mimeType: 'image/png' },
      { uri: 'file:///c.bin', blob: secret },
    ]
    const found: LocatedFinding[] = []
    const value = redactContent(blocks, 'content', redact, found)
    expect(found.map((finding) => finding.where)).toEqual([
      'content[0].text',
      'content[1].alt',
      'content[2].resource.uri',
      'content[2].resource.text',
      'content[3].data[0]',
      'content[4].blob',
    ])
    expect(value).toEqual([
      { type: 'text', text: '[REDACTED:tok]' },
      { type: 'image', data: secret, mimeType: 'image/png', alt: '[REDACTED:tok]' },
      {
        type: 'resource',
        resource: { uri: '[REDACTED:tok]', blob: secret, text: '[REDACTED:tok]' },
      },
      { type: 'image', data: ['[REDACTED:tok]'], mimeType: 'image/png' },
      { uri: 'file:///c.bin', blob: '[REDACTED:tok]' },
    ])
  })

  it('§25 writes the place under a key that held a secret without the key: `<key N>`', () => {
    // A mask keeps a key's first and last 4 characters: the place must hold none of them.
    const masked: StringRedactor = (text) => {
      const result = redact(text, '')
      return result.text === undefined
        ? result
        : { ...result, text: text.replaceAll(secret, `tok_${'*'.repeat(12)}cdef`) }
    }
    const found: LocatedFinding[] = []
    const value = { plain: 1, [`id ${secret}`]: { note: `see ${secret}` } }
    redactValue(value, 'structured', masked, found)
    expect(found.map((finding) => finding.where)).toEqual([
      'structured (a key)',
      'structured.<key 2>.note',
    ])
    expect(JSON.stringify(found)).not.toMatch(/tok_|cdef/)
  })

  it('renames a key that holds a secret, and never writes that key in a place', () => {
    const { value, found } = redacted({ [secret]: 'value', [`${secret} `]: 1, plain: secret })
    expect(value).toEqual({
      '[REDACTED:tok]': 'value',
      '[REDACTED:tok] ': 1,
      plain: '[REDACTED:tok]',
    })
    expect(found.map((finding) => finding.where)).toEqual([
      'structured (a key)',
      'structured (a key)',
      'structured.plain',
    ])
    expect(JSON.stringify(found)).not.toContain(secret)
  })

  it('numbers two keys that redact alike, losing neither value', () => {
    const { value } = redacted({ [`a${secret}`]: 1, [`a${secret.toUpperCase()}`]: 2 })
    expect(Object.keys(value as object)).toHaveLength(2)
    expect(redacted({ [secret]: 1, '[REDACTED:tok]': 2 }).value).toEqual({
      '[REDACTED:tok]': 1,
      '[REDACTED:tok] (2)': 2,
    })
  })

  it('keeps `__proto__` a member, not a prototype', () => {
    const value = JSON.parse(`{"__proto__": {"x": "${secret}"}}`) as object
    const copy = redacted(value).value as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({
      x: '[REDACTED:tok]',
    })
  })

  it('scans a value as deep as a result may be, and replaces what lies deeper', () => {
    let deep: unknown = secret
    for (let level = 0; level < 1000; level++) deep = { next: deep }
    expect(JSON.stringify(redacted(deep).value)).toContain('[REDACTED:tok]')
    let deeper: unknown = secret
    for (let level = 0; level < 1100; level++) deeper = [deeper]
    const text = JSON.stringify(redacted(deeper).value)
    expect(text).not.toContain(secret)
    expect(text).toContain('[REDACTED:too-deep]')
  })

  it('replaces a member that cannot be read instead of passing it on unscanned', () => {
    const hostile = {
      get token(): string {
        throw new Error('no')
      },
    }
    expect(redacted({ outer: hostile }).value).toEqual({ outer: '[REDACTED:unreadable]' })
  })

  it('returns a value with no secret as it is', () => {
    const clean = { a: [1, 'two', { three: null }] }
    expect(redacted(clean).value).toBe(clean)
  })
})
