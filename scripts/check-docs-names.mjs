#!/usr/bin/env node
// Checks that what the documentation names exists (docs/style.md, habit 21; issue #43: docs that
// drifted named a function that does not exist). In docs/*.md, README.md, bench/README.md and the
// README.md of every package, example and testing package (found anew each run):
//
//  1. every relative Markdown link `[text](path)` leads to a file or folder of the repository;
//  2. every `code span` that names a file or folder of the repository names one that exists: a
//     path from a top folder (`packages/tools/src/tool-registry.ts`) as written; a shorter one
//     (`steps/run-guards.ts`, `dispatch.ts`) as the tail of a tracked path. Paths that start
//     with `.`, `~` or `/` are a user's files (`.claude/settings.json`), and the few files of
//     other projects the docs cite are listed below by name;
//  3. every `code span` that names code — a call (`name(…)`, `a.b.name(…)`) anywhere, and in
//     docs/ also one identifier in camelCase or PascalCase (`readToolSource`, `ToolDeniedError`);
//     READMEs also name their host libraries' APIs — names an identifier that some source or
//     configuration file of the repository spells.
//
// A span with a placeholder (`<step>`, `*`, `…`) is a pattern, not a name, and is not checked.
//   node scripts/check-docs-names.mjs           check everything
//   node scripts/check-docs-names.mjs FILE…     only the documents named (paths from the root)
// Exits non-zero listing every name that does not exist, by document and line.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { documents, root, workspaceFiles } from './lib/workspace.mjs'

const topFolders = ['packages', 'examples', 'testing', 'bench', 'scripts', 'docs', 'vendor', '.ci']
const pathExtensions = /\.(ts|tsx|mts|mjs|js|json|md|sh|yaml|yml)$/
const placeholder = /[<>*…{}$]|\.\.\./
/** Files of other projects the docs cite, and example paths: not files of this repository. */
const otherProjects = new Set([
  'packages/agents-core/src/utils/strictToolSchema.ts', // openai/openai-agents-js (schema README)
  'src/types.ts', // googleapis/js-genai (schema README)
  'src/_transformers.ts', // googleapis/js-genai (schema README)
  'schema/v1/schema.json', // the ACP SDK's published schema (acp README, SPEC)
  'model/gen-ai/metrics.yaml', // open-telemetry/semantic-conventions-genai (otel README)
  'vendor/java-proxy-agent/srt-proxy-agent.jar', // the sandbox runtime's own file (sandbox README)
  'src/a.ts', // an example path in a tool call's title (acp README)
  'foo.ts', // habit 2's example names (docs/style.md)
  'foo.test.ts',
  'foo.test-d.ts',
])

/** Every identifier a source file of the repository spells: declarations, members, calls. */
function knownIdentifiers(files) {
  const names = new Set()
  for (const file of files) {
    if (!/\.(ts|tsx|mts|mjs|js|cjs|sh|json)$/.test(file) || file.includes('node_modules/')) continue
    if (file === 'scripts/check-docs-names.mjs') continue
    const path = join(root, file)
    if (!existsSync(path)) continue
    for (const match of readFileSync(path, 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) {
      names.add(match[0])
    }
  }
  return names
}

/** Every folder that holds a tracked file, with a trailing `/`. */
function foldersOf(files) {
  const folders = new Set()
  for (const file of files) {
    const parts = file.split('/')
    for (let end = 1; end < parts.length; end++) folders.add(`${parts.slice(0, end).join('/')}/`)
  }
  return folders
}

function pathExists(name, document, files, folders) {
  const bare = name.replace(/^\.\//, '').replace(/#.*$/, '')
  if (bare === '') return true
  const candidates = [bare, normalize(join(dirname(document), bare))]
  for (const candidate of candidates) {
    if (existsSync(join(root, candidate))) return true
  }
  const tail = `/${bare}`
  if (bare.endsWith('/')) return [...folders].some((folder) => `/${folder}`.endsWith(tail))
  return files.some((file) => `/${file}`.endsWith(tail))
}

function looksLikePath(span) {
  if (/\s/.test(span) || placeholder.test(span) || otherProjects.has(span)) return false
  if (/^[.~/@]/.test(span) || span.includes('://')) return false
  if (topFolders.some((folder) => span.startsWith(`${folder}/`))) return true
  if (!/^[\w./-]+$/.test(span)) return false
  // A bare name is a source file of this repository only with a source extension: `test.js` or
  // `settings.local.json` alone is a file of a user's project.
  return span.includes('/') ? pathExtensions.test(span) : /\.(ts|tsx|mts|mjs)$/.test(span)
}

/** The identifier a call-shaped span names (`registry.execute(input)` → `execute`), if any. */
function calledName(span, document) {
  const call = /^(?:new\s+)?((?:[A-Za-z_$][\w$]*\.)*)([A-Za-z_$][\w$]*)\(.*\)$/s.exec(span)
  if (call !== null) return call[2]
  if (!document.startsWith('docs/')) return undefined
  return /^([a-z][a-z0-9]*|[A-Z][a-z0-9]+)[A-Z][\w$]*$/.test(span) ? span : undefined
}

function check(document, files, folders, identifiers) {
  const problems = []
  const lines = readFileSync(join(root, document), 'utf8').split('\n')
  let fenced = false
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) return
    const where = `${document}:${index + 1}`
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('#')) continue
      if (!pathExists(decodeURI(target), document, files, folders)) {
        problems.push(`${where}: the link to ${target} leads nowhere`)
      }
    }
    for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
      if (looksLikePath(span) && !pathExists(span, document, files, folders)) {
        problems.push(`${where}: \`${span}\` names no file or folder of the repository`)
      }
      const name = calledName(span, document)
      if (name !== undefined && !placeholder.test(span) && !identifiers.has(name)) {
        problems.push(`${where}: \`${span}\` names a function no source file has (${name})`)
      }
    }
  })
  return problems
}

const files = workspaceFiles()
const named = process.argv.slice(2)
const checked = named.length > 0 ? named : documents().filter((file) => file !== 'docs/spec.md')
const folders = foldersOf(files)
const identifiers = knownIdentifiers(files)
const problems = checked.flatMap((document) => check(document, files, folders, identifiers))
if (problems.length > 0) {
  console.error(`check-docs-names: ${problems.length} names in the docs that do not exist:`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exit(1)
}
console.log(
  `check-docs-names: every file, folder, link and function named in ${checked.length} documents exists`,
)
