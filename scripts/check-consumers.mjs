#!/usr/bin/env node
// Checks the packages as a user receives them: `pnpm pack` of every public package, then
//  1. each tarball holds README.md, LICENSE, CHANGELOG.md, and every source map and declaration
//     map in it resolves to a file inside the tarball;
//  2. the tarballs, installed together into a scratch project with the peer dependencies they
//     declare, type-check and run the programs in scripts/consumer/ unchanged under four compiler
//     configurations: `module: nodenext` (ESM), `moduleResolution: bundler`, CommonJS
//     (`require()` of our ESM), and a strict one with `lib: ["es2022"], types: []` that proves our
//     public types need no DOM or Node typings. An adapter whose host library's own declarations
//     need more (a `lib`, Node typings) says so in `programs` below, and skips the strict check.
//     The strict programs are type-checked by TypeScript 7 as well (the native compiler users
//     move to), installed from the npm registry beside the packages.
// Run after a build (`pnpm test` does). Exits non-zero on the first failure, saying what failed.
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { publicPackages, root } from './lib/workspace.mjs'

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const work = mkdtempSync(join(tmpdir(), 'toolpipe-consumers-'))
const keep = process.env.KEEP_CONSUMERS === '1'

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim()
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${output}`)
  }
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  )
}

function checkTarball(name, tarball) {
  const unpacked = join(work, 'unpacked', name.replace('/', '__'))
  mkdirSync(unpacked, { recursive: true })
  run('tar', ['-xzf', tarball, '-C', unpacked], work)
  const packageRoot = join(unpacked, 'package')
  const files = new Set(filesUnder(packageRoot))
  const problems = []
  for (const required of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) {
    if (!files.has(required)) problems.push(`${required} is missing`)
  }
  let maps = 0
  for (const file of files) {
    if (!file.endsWith('.map')) continue
    maps++
    const map = JSON.parse(readFileSync(join(packageRoot, file), 'utf8'))
    for (const source of map.sources ?? []) {
      const target = relative(
        packageRoot,
        resolve(packageRoot, dirname(file), map.sourceRoot ?? '', source),
      )
      if (!files.has(target))
        problems.push(`${file} points at ${source}, which is not in the tarball`)
    }
  }
  if (maps === 0) problems.push('has no source maps')
  for (const file of files) {
    if (/\.test(-d)?\.ts$|__fixtures__/.test(file)) problems.push(`ships test file ${file}`)
  }
  if (problems.length > 0) throw new Error(`${name} tarball: ${problems.join('; ')}`)
  return maps
}

const configurations = {
  nodenext: {
    packageType: 'module',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' },
  },
  bundler: {
    packageType: 'module',
    compilerOptions: { module: 'esnext', moduleResolution: 'bundler', target: 'es2022' },
  },
  commonjs: {
    packageType: 'commonjs',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' },
  },
  strict: {
    packageType: 'module',
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2022'],
      types: [],
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    },
  },
}

/**
 * The consumer programs, with the `lib` an adapter's host library needs (`undefined`: none, and
 * the program also runs under the strict configuration), the `types` its declarations need
 * (`node`: the repository's own `@types/node` is installed beside the packages), and `install`:
 * type packages the host library's declarations import without depending on them.
 */
const programs = {
  'core.ts': { lib: undefined },
  // The ACP SDK's declarations use Symbol.dispose.
  'acp.ts': { lib: ['es2022', 'dom', 'esnext.disposable'] },
  // The Restate SDK's declarations use Node's http and http2 modules.
  'restate.ts': { lib: ['es2022'], types: ['node'] },
  // @opentelemetry/api's declarations need nothing more: also under the strict configuration.
  'otel.ts': { lib: undefined },
  // Its declarations need nothing more either: also under the strict configuration.
  'hooks.ts': { lib: undefined },
  // The output budget's declarations need nothing more either (it spills nothing here).
  'output-budget.ts': { lib: undefined },
  // The MCP SDK's declarations use DOM types (URL, fetch's Request and Response, AbortSignal's
  // methods); the program waits with setTimeout.
  'mcp.ts': { lib: ['es2022', 'dom'] },
  // The AI SDK's declarations use Node's http module and the DOM's streams and fetch, and those of
  // its @ai-sdk/provider import 'json-schema', whose types it only has as a dev dependency.
  'ai-sdk.ts': {
    lib: ['es2023', 'dom'],
    types: ['node'],
    install: { '@types/json-schema': '^7.0.15' },
  },
  // Agents JS's declarations use Node's and the DOM's types (streams, fetch, WebSocket).
  'openai-agents.ts': { lib: ['es2023', 'dom'], types: ['node'] },
  // Needs nothing more than the core packages: also under the strict configuration.
  'permissions.ts': { lib: undefined },
  // Needs nothing more than the core packages: also under the strict configuration.
  'redact.ts': { lib: undefined },
  // Needs nothing more than the core packages either: also under the strict configuration.
  'tool-search.ts': { lib: undefined },
  // The sandbox runtime's declarations use Node's types (streams, process); the program writes
  // files and starts the real sandbox.
  'sandbox.ts': { lib: ['es2022'], types: ['node'] },
}

try {
  const packages = publicPackages()
  const tarballs = join(work, 'tarballs')
  mkdirSync(tarballs)
  const dependencies = {}
  for (const { dir, manifest } of packages) {
    const output = run('pnpm', ['pack', '--pack-destination', tarballs], dir).trim().split('\n')
    const tarball = resolve(dir, output[output.length - 1])
    const maps = checkTarball(manifest.name, tarball)
    dependencies[manifest.name] = `file:${tarball}`
    // A peer dependency is what a user installs beside the package: install the tested range.
    for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {})) {
      dependencies[peer] ??= range
    }
    console.log(`tarball ok: ${manifest.name}@${manifest.version} (${maps} maps resolve)`)
  }

  if (Object.values(programs).some(({ types }) => types?.includes('node'))) {
    const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    dependencies['@types/node'] = rootManifest.devDependencies['@types/node']
  }
  for (const { install } of Object.values(programs)) Object.assign(dependencies, install)
  dependencies.typescript7 = 'npm:typescript@^7.0.2'

  const project = join(work, 'project')
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'toolpipe-consumer', private: true, dependencies }, null, 2),
  )
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project)

  for (const [program, { lib, types }] of Object.entries(programs)) {
    for (const [name, { packageType, compilerOptions }] of Object.entries(configurations)) {
      if (name === 'strict' && lib !== undefined) continue
      const dir = join(project, `${program.replace(/\.ts$/, '')}-${name}`)
      mkdirSync(dir)
      cpSync(join(root, 'scripts', 'consumer', program), join(dir, 'main.ts'))
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: packageType }))
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            skipLibCheck: false,
            outDir: 'out',
            rootDir: '.',
            ...compilerOptions,
            ...(lib === undefined ? {} : { lib }),
            ...(types === undefined ? {} : { types }),
          },
          files: ['main.ts'],
        }),
      )
      run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir)
      if (name === 'strict') {
        const tsc7 = join(project, 'node_modules', 'typescript7', 'bin', 'tsc')
        run(process.execPath, [tsc7, '-p', 'tsconfig.json', '--noEmit'], dir)
      }
      const output = run(process.execPath, [join('out', 'main.js')], dir)
      if (!output.includes('consumer check passed')) {
        throw new Error(`${program} (${name}): the program did not report success:\n${output}`)
      }
      console.log(
        `consumer ok: ${program} with ${name}${name === 'strict' ? ' (and TypeScript 7)' : ''}`,
      )
    }
  }
} finally {
  if (keep) console.log(`kept ${work}`)
  else rmSync(work, { recursive: true, force: true })
}
