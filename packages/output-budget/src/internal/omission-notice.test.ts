import { describe, expect, it } from 'vitest'
import { blockNotice, jointBlockNotice, textNotice } from './omission-notice.js'

describe('textNotice', () => {
  it('names the tokens, the bytes and the file', () => {
    expect(
      textNotice(
        { omittedTokens: 1234, omittedBytes: 5678, estimated: false },
        { kind: 'saved', path: '/t/c-1.txt' },
      ),
    ).toBe('[… 1234 tokens omitted (5678 bytes); the full output is in /t/c-1.txt …]')
  })

  it('keeps to one line: a control character of the path is written as its escape', () => {
    const notice = textNotice(
      { omittedTokens: 1, omittedBytes: 2, estimated: false },
      { kind: 'saved', path: '/tmp/a b\nc/x.txt' },
    )
    expect(notice).toBe(
      '[… 1 tokens omitted (2 bytes); the full output is in /tmp/a b\\u000ac/x.txt …]',
    )
    expect(notice).not.toContain('\n')
  })

  it('marks an estimate with ~', () => {
    expect(
      textNotice(
        { omittedTokens: 25_000_000, omittedBytes: 1e8, estimated: true },
        { kind: 'dropped' },
      ),
    ).toBe('[… ~25000000 tokens omitted (100000000 bytes); the full output was dropped …]')
  })

  it('says why a file could not be written, in printable ASCII', () => {
    expect(
      textNotice(
        { omittedTokens: 1, omittedBytes: 2, estimated: false },
        { kind: 'failed', reason: 'ENOSPC\n' },
      ),
    ).toBe(
      '[… 1 tokens omitted (2 bytes); the full output was dropped (it could not be saved: ENOSPC?) …]',
    )
  })
})

describe('blockNotice', () => {
  it('names the block type, its media type and size, and the file', () => {
    expect(blockNotice('image', 'image/png', 1_398_104, { kind: 'saved', path: '/t/c.png' })).toBe(
      '[… image block omitted (image/png, 1398104 bytes); it is in /t/c.png …]',
    )
    expect(blockNotice('tool-result', undefined, 10, { kind: 'dropped' })).toBe(
      '[… tool-result block omitted (10 bytes); it was dropped …]',
    )
  })

  it('keeps a hostile type or media type to one short printable line', () => {
    const line = blockNotice('x\n'.repeat(1_000), `image/${'p'.repeat(10_000)}\r\n`, 1, {
      kind: 'dropped',
    })
    expect(line).not.toMatch(/[\r\n]/)
    expect(line.length).toBeLessThan(200)
  })
})

// SPEC §20: a block's line names its type and size; a budget too small for it gets a shorter one.
describe('blockNotice, shorter', () => {
  it('drops the place first, then the size', () => {
    const saved = { kind: 'saved', path: '/t/c.png' } as const
    expect(blockNotice('image', 'image/png', 3_000, saved, 'without-place')).toBe(
      '[… image block omitted (image/png, 3000 bytes)]',
    )
    expect(blockNotice('image', 'image/png', 3_000, saved, 'type-only')).toBe(
      '[… image block omitted]',
    )
    expect(blockNotice('tool-result', undefined, 10, { kind: 'dropped' }, 'without-place')).toBe(
      '[… tool-result block omitted (10 bytes)]',
    )
  })
})

// SPEC §20: blocks whose own lines do not fit side by side share one line naming their types and
// their size.
describe('jointBlockNotice', () => {
  const png = { type: 'image', mimeType: 'image/png', bytes: 2_000 } as const
  it('names one type, its media type and the total size', () => {
    expect(jointBlockNotice([png, png, png], true)).toBe(
      '[… 3 image blocks omitted (image/png, 6000 bytes)]',
    )
    expect(jointBlockNotice([png, png, png], false)).toBe('[… 3 image blocks omitted]')
  })

  it('counts each type when there are several, and leaves out media types that differ', () => {
    const audio = { type: 'audio', mimeType: undefined, bytes: 10 }
    expect(jointBlockNotice([png, audio, png], true)).toBe(
      '[… 3 blocks omitted (2 image, 1 audio; 4010 bytes)]',
    )
    expect(jointBlockNotice([png, { ...png, mimeType: 'image/jpeg' }], true)).toBe(
      '[… 2 image blocks omitted (4000 bytes)]',
    )
    expect(jointBlockNotice([png, audio], false)).toBe('[… 2 blocks omitted]')
  })

  it('is the block’s own line, without its place, for one block', () => {
    expect(jointBlockNotice([png], true)).toBe('[… image block omitted (image/png, 2000 bytes)]')
    expect(jointBlockNotice([png], false)).toBe('[… image block omitted]')
  })

  it('keeps hostile types to one printable line', () => {
    const hostile = { type: 'x\n'.repeat(1_000), mimeType: undefined, bytes: 1 }
    const line = jointBlockNotice([hostile, png], true)
    expect(line).not.toMatch(/[\r\n]/)
    expect(line.length).toBeLessThan(200)
  })
})
