import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'

/**
 * A fresh folder under the OS temporary folder for each test of the file that calls this: made
 * before the test (named `prefix` and a random part), removed with all it holds after it. The
 * function returned gives the running test's folder.
 */
export function useScratchFolder(prefix: string): () => string {
  let folder: string | undefined
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    if (folder !== undefined) await rm(folder, { recursive: true, force: true })
    folder = undefined
  })
  return () => {
    if (folder === undefined) throw new Error('useScratchFolder: no test is running')
    return folder
  }
}
