#!/usr/bin/env node
// Checks that each package README's install line is enough for its own example (docs/style.md:
// a README starts with how to install it and one runnable example). Every package the first
// TypeScript block imports — `@toolpipe/core` for `asCallId`, `toolpipe` for a registry, a host
// library — must be named by the `npm install` lines of the first block that has one, so a reader who runs that line and
// pastes the example gets no ERR_MODULE_NOT_FOUND: npm's hoisting hides a missing one, pnpm's
// strict node_modules does not. `node:` modules and relative imports need no install.
//   node scripts/check-install-lines.mjs
// Exits non-zero listing each README and the packages its install line leaves out.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { publicPackages, root } from './lib/workspace.mjs'

/** The text of the first fenced block of `language` whose text passes `accept`, or undefined. */
function firstBlock(text, language, accept = () => true) {
  for (const match of text.matchAll(/^```(\w+)\n([\s\S]*?)^```/gm)) {
    if (match[1] === language && accept(match[2])) return match[2]
  }
  return undefined
}

/** The package a bare import specifier comes from: `@scope/name` or `name`. */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

function missingFrom(readme) {
  const text = readFileSync(readme, 'utf8')
  const install = firstBlock(text, 'sh', (block) => /\bnpm install\b/.test(block))
  const example = firstBlock(text, 'ts')
  if (install === undefined || example === undefined) return ['(no npm install line or example)']
  const lines = install.split('\n').filter((each) => /\bnpm install\b/.test(each))
  const words = lines.flatMap((each) => each.replace(/#.*/, '').split(/\s+/))
  const named = new Set(words.filter((word) => !word.startsWith('-')))
  const imported = new Set()
  for (const match of example.matchAll(/\bfrom\s+'([^']+)'|\bimport\s+'([^']+)'/g)) {
    const specifier = match[1] ?? match[2]
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue
    imported.add(packageOf(specifier))
  }
  return [...imported].filter((name) => !named.has(name))
}

const problems = []
for (const { dir } of publicPackages()) {
  const readme = join(dir, 'README.md')
  const missing = missingFrom(readme)
  if (missing.length > 0) problems.push(`${relative(root, readme)}: ${missing.join(', ')}`)
}
if (problems.length > 0) {
  console.error(
    `check-install-lines: these install lines leave out what their example imports:\n  ${problems.join('\n  ')}`,
  )
  process.exit(1)
}
console.log(`check-install-lines: each README's install line names what its example imports`)
