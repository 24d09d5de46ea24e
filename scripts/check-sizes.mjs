#!/usr/bin/env node
// The house's sizes (docs/style.md, habit 1): every source file (tests, fixtures and scripts
// included) at most 300 lines, every function at most 60, unless a comment at its top says why —
// a comment holding "longer than 300 lines" in a file's first 20 lines, or "longer than 60 lines"
// just above a function (its declaration, or the statement or property that holds it). A
// `describe` callback is a group of tests, not a function, and is not counted; each test is.
// Files are found anew each run (git's tracked and untracked, not ignored, files), so nothing new
// escapes. Exits non-zero listing every file and function over its size, with the line.
//   node scripts/check-sizes.mjs            check everything
//   node scripts/check-sizes.mjs PATH…      only the files and folders named (paths from the root)
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root, workspaceFiles } from './lib/workspace.mjs'
import ts from 'typescript'

const maxFileLines = 300
const maxFunctionLines = 60
const fileReason = /longer than 300 lines/i
const functionReason = /longer than 60 lines/i
const groups = new Set(['describe', 'suite'])

function sourceFiles() {
  return workspaceFiles()
    .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => /^(packages|examples|testing|bench|scripts)\//.test(file))
    .filter((file) => !/(^|\/)(node_modules|dist|vendor|\.cache)\//.test(file))
    .filter((file) => !/\/static\/[^/]+\.js$/.test(file))
}

/** The comments just before `node` (and before the statement or property holding it). */
function leadingComments(text, node) {
  const holders = [node]
  for (let at = node.parent; at !== undefined; at = at.parent) {
    holders.push(at)
    if (
      ts.isVariableStatement(at) ||
      ts.isPropertyAssignment(at) ||
      ts.isExpressionStatement(at) ||
      ts.isExportAssignment(at) ||
      ts.isPropertyDeclaration(at)
    )
      break
    if (ts.isBlock(at) || ts.isSourceFile(at)) break
  }
  return holders
    .flatMap((holder) => ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [])
    .map((range) => text.slice(range.pos, range.end))
    .join('\n')
}

function calleeName(node) {
  const call = node.parent
  if (call === undefined || !ts.isCallExpression(call)) return undefined
  const callee = call.expression
  if (ts.isIdentifier(callee)) return callee.text
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    return callee.expression.text
  }
  return undefined
}

function check(file) {
  const text = readFileSync(join(root, file), 'utf8')
  const problems = []
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  if (lines > maxFileLines && !fileReason.test(text.split('\n').slice(0, 20).join('\n'))) {
    problems.push(`${file}: ${lines} lines (at most ${maxFileLines}, or say why at its top)`)
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const length = end - start + 1
      const group = groups.has(calleeName(node) ?? '')
      if (
        length > maxFunctionLines &&
        !group &&
        !functionReason.test(leadingComments(text, node))
      ) {
        const name = node.name?.getText(source) ?? calleeName(node) ?? '(a function)'
        problems.push(
          `${file}:${start + 1}: ${name} is ${length} lines (at most ${maxFunctionLines})`,
        )
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return problems
}

// Each name is a file or a folder (paths from the root); a folder stands for its source files.
const named = process.argv.slice(2).map((name) => name.replace(/\/+$/, ''))
const files =
  named.length === 0
    ? sourceFiles()
    : sourceFiles().filter((file) =>
        named.some((name) => file === name || file.startsWith(`${name}/`)),
      )
const problems = files.flatMap(check)
if (problems.length > 0) {
  console.error(`check-sizes: ${problems.length} over their size:\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(`check-sizes: ${files.length} files, each within its size`)
