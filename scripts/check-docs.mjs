#!/usr/bin/env node
// Checks every TypeScript example in the documentation as a user would use it (SPEC §22), so no
// example can rot:
//
//  1. every ```ts / ```typescript block of README.md, packages/*/README.md, examples/*/README.md,
//     testing/*/README.md, bench/README.md and docs/*.md (found anew each run: a new package's
//     README is checked without a change here) is written to a module of its own in a scratch
//     project inside the repository (.cache/check-docs, ignored by git), whose node_modules links
//     every workspace package by its name and every library the workspace installed, so a block
//     imports `@toolpipe/tools` as a consumer does: the built package, through its exports;
//  2. all blocks are type-checked in one program with the repository's compiler settings
//     (tsconfig.base.json: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess);
//  3. every block followed by `It prints:` and a ```text block is run with Node, and what it
//     writes to stdout must be that text, exactly.
//
// A block that cannot stand alone (a signature sketch, a fragment of a larger program) is left
// out only by a visible marker on the line before its fence, with the reason:
//
//     <!-- check-docs skip: the signatures of the design, not a program -->
//
// The convention is documented in docs/testing.md. Run after a build (`pnpm test` does).
//   node scripts/check-docs.mjs            check everything
//   node scripts/check-docs.mjs README.md  only the blocks of the files named (paths from the root)
// Exits non-zero with every failure listed by file and line.
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { documents, root, workspacePackageDirs } from './lib/workspace.mjs'

const scratch = join(root, '.cache', 'check-docs')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
/** How long one printing block may run. */
const runTimeoutMs = 120_000

const skipMarker = /^<!--\s*check-docs skip:(.*)-->\s*$/
const anyMarker = /^<!--\s*check-docs\b/

/**
 * The fenced code blocks of a markdown text: `{ lang, code, line, end }`, `line` the fence's line
 * (1-based), `end` its closing fence's. Fences inside list items may be indented: the indentation
 * of the opening fence is taken off every line.
 */
function fencedBlocks(text) {
  const lines = text.split('\n')
  const blocks = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/.exec(lines[index])
    if (open === null) continue
    const [, indent, fence, lang] = open
    let close = index + 1
    while (close < lines.length) {
      const candidate = lines[close].trimStart()
      if (candidate.startsWith(fence) && candidate.slice(fence.length).trim() === '') break
      close++
    }
    const body = lines
      .slice(index + 1, close)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
    blocks.push({
      lang: lang.toLowerCase(),
      code: body.join('\n'),
      line: index + 1,
      end: close + 1,
    })
    index = close
  }
  return { blocks, lines }
}

/** The nearest non-blank line before line `line` (1-based), or ''. */
function lineBefore(lines, line) {
  for (let index = line - 2; index >= 0; index--) {
    if (lines[index].trim() !== '') return lines[index].trim()
  }
  return ''
}

/** The TypeScript blocks of one document, each with what it prints when it says so. */
function examplesOf(file, problems) {
  const text = readFileSync(join(root, file), 'utf8')
  const { blocks, lines } = fencedBlocks(text)
  const examples = []
  for (const [position, block] of blocks.entries()) {
    if (block.lang !== 'ts' && block.lang !== 'typescript') continue
    const before = lineBefore(lines, block.line)
    const marker = skipMarker.exec(before)
    if (marker !== null) {
      if (marker[1].trim().length < 3) {
        problems.push(`${file}:${block.line}: a check-docs skip marker must say why`)
      }
      continue
    }
    if (anyMarker.test(before)) {
      problems.push(
        `${file}:${block.line}: unknown check-docs marker ${before}; the only one is <!-- check-docs skip: <reason> -->`,
      )
      continue
    }
    examples.push({
      file,
      line: block.line,
      code: block.code,
      prints: printed(blocks, lines, position),
    })
  }
  return examples
}

/** The text a block says it prints: `It prints:` then a ```text block, right after it. */
function printed(blocks, lines, position) {
  const block = blocks[position]
  const next = blocks[position + 1]
  let index = block.end
  while (index < lines.length && lines[index].trim() === '') index++
  if (lines[index]?.trim() !== 'It prints:') return undefined
  if (next === undefined || next.lang !== 'text') return undefined
  for (let between = index + 1; between < next.line - 1; between++) {
    if (lines[between].trim() !== '') return undefined
  }
  return next.code
}

/**
 * The scratch project's node_modules: a link for every workspace package, by its name, then for
 * every package the workspace's own node_modules folders hold (the first one found of a name
 * wins), then the root's.
 */
function linkModules(modules) {
  const linked = new Set()
  const link = (name, target) => {
    if (linked.has(name)) return
    linked.add(name)
    const path = join(modules, name)
    mkdirSync(dirname(path), { recursive: true })
    symlinkSync(realpathSync(target), path, 'dir')
  }
  const workspaceDirs = workspacePackageDirs()
  for (const dir of workspaceDirs) {
    link(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name, dir)
  }
  for (const dir of [...workspaceDirs, root]) {
    const installed = join(dir, 'node_modules')
    if (!existsSync(installed)) continue
    for (const entry of readdirSync(installed)) {
      if (entry.startsWith('.')) continue
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(installed, entry))) {
          link(`${entry}/${scoped}`, join(installed, entry, scoped))
        }
      } else {
        link(entry, join(installed, entry))
      }
    }
  }
}

function moduleName(example) {
  return `${example.file.replaceAll('/', '__').replace(/\.md$/, '')}__L${example.line}`
}

function prepare(examples) {
  rmSync(scratch, { recursive: true, force: true })
  mkdirSync(join(scratch, 'blocks'), { recursive: true })
  linkModules(join(scratch, 'node_modules'))
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: relative(scratch, join(root, 'tsconfig.base.json')),
        compilerOptions: {
          rootDir: 'blocks',
          outDir: 'out',
          declaration: false,
          noEmitOnError: false,
          types: ['node'],
          typeRoots: ['node_modules/@types'],
        },
        include: ['blocks'],
      },
      null,
      2,
    ),
  )
  for (const example of examples) {
    // `export {}`: every block is a module of its own, whatever it declares.
    writeFileSync(
      join(scratch, 'blocks', `${moduleName(example)}.ts`),
      `${example.code}\nexport {}\n`,
    )
  }
}

/** tsc's diagnostics, each pointed back at its document and line. */
function typeCheck(examples) {
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
    cwd: scratch,
    encoding: 'utf8',
  })
  const byModule = new Map(examples.map((example) => [`${moduleName(example)}.ts`, example]))
  const problems = []
  for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
    const diagnostic = /^blocks\/([^(]+)\((\d+),(\d+)\): (.*)$/.exec(line)
    if (diagnostic === null) {
      if (line.trim() !== '' && !/^\s/.test(line)) problems.push(`tsc: ${line}`)
      else if (line.trim() !== '' && problems.length > 0)
        problems[problems.length - 1] += `\n${line}`
      continue
    }
    const [, file, row, column, message] = diagnostic
    const example = byModule.get(file)
    problems.push(`${example.file}:${example.line + Number(row)}:${column}: ${message}`)
  }
  if (result.status !== 0 && problems.length === 0)
    problems.push(`tsc exited with ${result.status}`)
  return problems
}

/** Runs each block that says what it prints, comparing. */
function runPrinting(examples) {
  const problems = []
  for (const example of examples) {
    if (example.prints === undefined) continue
    const script = join(scratch, 'out', `${moduleName(example)}.js`)
    const result = spawnSync(process.execPath, [script], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: runTimeoutMs,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    })
    const where = `${example.file}:${example.line}`
    if (result.error !== undefined) {
      problems.push(`${where}: could not run: ${result.error.message}`)
      continue
    }
    if (result.status !== 0) {
      problems.push(`${where}: exited with ${result.status ?? result.signal}:\n${result.stderr}`)
      continue
    }
    const expected = example.prints.endsWith('\n') ? example.prints : `${example.prints}\n`
    if (result.stdout !== expected) {
      problems.push(
        `${where}: printed something else than the text after it.\n--- the document says\n${expected}--- it printed\n${result.stdout}`,
      )
    }
  }
  return problems
}

const only = process.argv.slice(2)
const files = only.length > 0 ? only : documents()
const problems = []
const examples = files.flatMap((file) => examplesOf(file, problems))
prepare(examples)
if (examples.length > 0) problems.push(...typeCheck(examples))
const printing = examples.filter((example) => example.prints !== undefined)
if (problems.length === 0) problems.push(...runPrinting(examples))
if (problems.length > 0) {
  console.error(`check-docs: ${problems.length} problem(s):\n\n${problems.join('\n\n')}`)
  process.exit(1)
}
console.log(
  `check-docs: ${examples.length} TypeScript blocks of ${files.length} documents type-check; the ${printing.length} that show their output print it`,
)
// Unused in a successful run, kept for a person debugging one: `KEEP_DOCS=1` leaves the project.
if (process.env.KEEP_DOCS !== '1') rmSync(scratch, { recursive: true, force: true })
