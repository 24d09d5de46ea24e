// What the repository's scripts need to know about the workspace, in one place: where its root
// is, which packages are published, which files git sees and which documents hold the docs.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root folder. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The published packages: `{ dir, manifest }` of each `packages/*` not marked private. */
export function publicPackages() {
  const folder = join(root, 'packages')
  return readdirSync(folder)
    .map((name) => join(folder, name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
}

/** Every file git tracks, and every untracked one it does not ignore (paths from the root). */
export function workspaceFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  return listed.split('\n').filter((file) => file !== '' && existsSync(join(root, file)))
}

/** The folders whose direct subfolders hold a README.md that is documentation. */
const readmeParents = ['packages', 'examples', 'testing']

/**
 * The documents, found anew each run: README.md, bench/README.md, the README.md of every package,
 * example and testing package, and docs/*.md (paths from the root, sorted).
 */
export function documents() {
  const files = ['README.md', 'bench/README.md']
  for (const parent of readmeParents) {
    const folder = join(root, parent)
    if (!existsSync(folder)) continue
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const readme = join(parent, entry.name, 'README.md')
      if (entry.isDirectory() && existsSync(join(root, readme))) files.push(readme)
    }
  }
  for (const entry of readdirSync(join(root, 'docs'))) {
    if (entry.endsWith('.md')) files.push(join('docs', entry))
  }
  return files.filter((file) => existsSync(join(root, file))).sort()
}

/** The folders of every workspace package (packages, examples, testing packages, the bench). */
export function workspacePackageDirs() {
  const dirs = readmeParents.flatMap((parent) => {
    const folder = join(root, parent)
    return existsSync(folder)
      ? readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(folder, entry.name))
      : []
  })
  return [...dirs, join(root, 'bench')].filter((dir) => existsSync(join(dir, 'package.json')))
}
