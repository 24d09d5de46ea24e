import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Temporary folders for a test file's settings files; `removeAll()` after each test. */
export class ScratchFolders {
  readonly #prefix: string
  readonly #made: string[] = []

  constructor(prefix: string) {
    this.#prefix = prefix
  }

  /** A new, empty folder. */
  folder(): string {
    const folder = mkdtempSync(join(tmpdir(), this.#prefix))
    this.#made.push(folder)
    return folder
  }

  /** A new folder holding one file `name` with `text`; its path. */
  file(name: string, text: string): string {
    const path = join(this.folder(), name)
    writeFileSync(path, text)
    return path
  }

  removeAll(): void {
    for (const folder of this.#made.splice(0)) rmSync(folder, { recursive: true, force: true })
  }
}
