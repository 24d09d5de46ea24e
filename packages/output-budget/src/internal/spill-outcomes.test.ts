import { Buffer } from 'node:buffer'
import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { folderOrFailure, spill, spillBlock } from './spill-outcomes.js'
import type { SpillRequest } from './spill-outcomes.js'
import type { SpillStore } from './spill-store.js'

/** A store that records what it is asked to save and answers `<callId>.<extension>`. */
function recordingStore(folder: () => Promise<string> = async () => '/spill') {
  const saved: { callId: string; extension: string; bytes: Buffer }[] = []
  const store = {
    folder,
    saveBytes: async (callId: string, extension: string, bytes: Buffer) => {
      saved.push({ callId, extension, bytes })
      return `/spill/${callId}.${extension}`
    },
  } as unknown as SpillStore
  return { store, saved }
}

function request(store: SpillStore | undefined, failures: unknown[] = []): SpillRequest {
  return { store, callId: 'call_1', onSpillFailure: (error) => void failures.push(error) }
}

const image = (mimeType: string): ContentBlock => ({ type: 'image', data: 'AAEC', mimeType })

describe('spill', () => {
  it('answers dropped without a store, and saved with the path the store gives', async () => {
    expect(await spill(request(undefined), async () => '/never')).toEqual({ kind: 'dropped' })
    const { store } = recordingStore()
    expect(await spill(request(store), async () => '/spill/a.txt')).toEqual({
      kind: 'saved',
      path: '/spill/a.txt',
    })
  })

  it('answers failed, with the error’s code or else its message, after telling onSpillFailure', async () => {
    const { store } = recordingStore()
    const failures: unknown[] = []
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
    expect(await spill(request(store, failures), () => Promise.reject(full))).toEqual({
      kind: 'failed',
      reason: 'ENOSPC',
    })
    const plain = new Error('disk on fire')
    expect(await spill(request(store, failures), () => Promise.reject(plain))).toEqual({
      kind: 'failed',
      reason: 'disk on fire',
    })
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a thrown value that is not an Error
    expect(await spill(request(store, failures), () => Promise.reject('gone'))).toEqual({
      kind: 'failed',
      reason: 'gone',
    })
    expect(failures).toEqual([full, plain, 'gone'])
  })
})

describe('spillBlock', () => {
  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpg'],
    ['image/svg+xml', 'svg'],
    ['image/WEBP', 'webp'],
    ['application/octet-stream', 'bin'],
    ['image/averyverylongsubtype', 'bin'],
  ])(
    'saves an image of %s as the bytes its base64 encodes, as .%s',
    async (mimeType, extension) => {
      const { store, saved } = recordingStore()
      expect(await spillBlock(image(mimeType), request(store))).toEqual({
        kind: 'saved',
        path: `/spill/call_1.${extension}`,
      })
      expect(saved).toEqual([{ callId: 'call_1', extension, bytes: Buffer.from([0, 1, 2]) }])
    },
  )

  it('saves any other block as its JSON', async () => {
    const { store, saved } = recordingStore()
    const block: ContentBlock = { type: 'reasoning', text: 'because' }
    await spillBlock(block, request(store))
    expect(saved.map(({ extension, bytes }) => [extension, bytes.toString()])).toEqual([
      ['json', JSON.stringify(block)],
    ])
  })
})

describe('folderOrFailure', () => {
  it('gives the store’s folder, or undefined when there is no store or it cannot be made', async () => {
    expect(await folderOrFailure(request(recordingStore().store))).toBe('/spill')
    expect(await folderOrFailure(request(undefined))).toBeUndefined()
    const broken = recordingStore(() => Promise.reject(new Error('EACCES')))
    expect(await folderOrFailure(request(broken.store))).toBeUndefined()
  })
})
