import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const packagesFolder = fileURLToPath(new URL('../../packages/', import.meta.url))

/** TypeScript as a `cat` of the repository's own sources prints it: real code, not filler. */
export function repositorySource(bytes: number): string {
  const parts: string[] = []
  let size = 0
  for (const name of readdirSync(packagesFolder)) {
    const folder = join(packagesFolder, name, 'src')
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue
      const text = readFileSync(join(folder, file), 'utf8')
      parts.push(text)
      size += text.length
      if (size >= bytes) return parts.join('\n').slice(0, bytes)
    }
  }
  return parts
    .join('\n')
    .repeat(Math.ceil(bytes / size))
    .slice(0, bytes)
}
