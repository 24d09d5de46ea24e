#!/usr/bin/env node
// The public surface of every public package, as a committed report (packages/<name>/api-report.md:
// each export of the package's main entry with its kind), read from the built declarations.
//
//   node scripts/api-report.mjs          check: fail when a report is out of date, or when a
//                                        package's surface changed since its last release
//                                        without a pending changeset that names the package
//   node scripts/api-report.mjs --write  rewrite the reports (`pnpm api:report`)
//
// "Its last release" is the last commit that changed the package's CHANGELOG.md, which
// `changeset version` writes. Subpath exports such as `@toolpipe/core/internal` are shared
// plumbing, not covered by semver, and are not reported.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { publicPackages, root } from './lib/workspace.mjs'

const write = process.argv.includes('--write')

/** What kind of thing a symbol declares, in the words a reader of the API uses. */
function kindOf(symbol) {
  const flags = symbol.flags
  const kinds = []
  if (flags & ts.SymbolFlags.Class) kinds.push('class')
  else if (flags & ts.SymbolFlags.Function) kinds.push('function')
  else if (flags & ts.SymbolFlags.Variable) kinds.push('const')
  if (flags & ts.SymbolFlags.Enum) kinds.push('enum')
  if (flags & ts.SymbolFlags.Interface && !(flags & ts.SymbolFlags.Class)) kinds.push('interface')
  if (flags & ts.SymbolFlags.TypeAlias) kinds.push('type')
  if (flags & ts.SymbolFlags.Module) kinds.push('namespace')
  return kinds.length === 0 ? 'unknown' : kinds.join(' + ')
}

function surfaceOf(dir, manifest) {
  const entry = join(dir, manifest.exports['.'].types)
  if (!existsSync(entry)) throw new Error(`${manifest.name}: ${entry} is missing; build first`)
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(entry))
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => {
      const target =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      return { name: exported.name, kind: kindOf(target) }
    })
    .sort((left, right) => left.name.localeCompare(right.name, 'en'))
}

function report(manifest, surface) {
  const rows = surface.map(({ name, kind }) => `| \`${name}\` | ${kind} |`)
  return [
    `# ${manifest.name}: public API`,
    '',
    '<!-- Written by scripts/api-report.mjs from the built declarations; `pnpm api:report` updates',
    'it. A change here is a change of the public surface: it needs a changeset. -->',
    '',
    '| export | kind |',
    '| ------ | ---- |',
    ...rows,
    '',
  ].join('\n')
}

function git(args) {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim()
}

/** Whether commit `ancestor` is `descendant` or comes before it. */
function isAncestor(ancestor, descendant) {
  try {
    git(['merge-base', '--is-ancestor', ancestor, descendant])
    return true
  } catch {
    return false
  }
}

/**
 * Whether the report changed since the package's last release (or, for a report younger than
 * that release, since the report was first committed), per git; undefined when git cannot tell.
 */
function changedSinceRelease(dir, reportPath) {
  const report = relative(root, reportPath)
  try {
    const release = git([
      'log',
      '-1',
      '--format=%H',
      '--',
      relative(root, join(dir, 'CHANGELOG.md')),
    ])
    const added = git(['log', '-1', '--diff-filter=A', '--format=%H', '--', report])
    if (added === '') return undefined
    const baseline = release !== '' && isAncestor(added, release) ? release : added
    return git(['show', `${baseline}:${report}`]) !== readFileSync(reportPath, 'utf8').trim()
  } catch {
    // No history (a shallow clone), or a report never committed: nothing to compare with.
    return undefined
  }
}

function pendingChangesetsNaming(name) {
  const folder = join(root, '.changeset')
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .filter((file) => {
      const text = readFileSync(join(folder, file), 'utf8')
      const frontmatter = text.split('---')[1] ?? ''
      return frontmatter
        .split('\n')
        .some((line) => line.trim().replace(/['"]/g, '').startsWith(`${name}:`))
    })
}

const problems = []
for (const { dir, manifest } of publicPackages()) {
  const reportPath = join(dir, 'api-report.md')
  const expected = report(manifest, surfaceOf(dir, manifest))
  if (write) {
    writeFileSync(reportPath, expected)
    continue
  }
  const committed = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : ''
  if (committed !== expected) {
    problems.push(
      `${manifest.name}: the public surface differs from ${relative(root, reportPath)}; ` +
        'run `pnpm api:report`, review the change, and add a changeset for it',
    )
    continue
  }
  if (
    changedSinceRelease(dir, reportPath) === true &&
    pendingChangesetsNaming(manifest.name).length === 0
  ) {
    problems.push(
      `${manifest.name}: the public surface changed since its last release, and no changeset ` +
        'in .changeset/ names the package: add one (`pnpm changeset`)',
    )
  }
}
if (problems.length > 0) {
  console.error(problems.map((problem) => `api-report: ${problem}`).join('\n'))
  process.exit(1)
}
console.log(write ? 'api-report: reports written' : 'api-report: every public surface is reported')
