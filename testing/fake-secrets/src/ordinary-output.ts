import { alnum, base64, digits, hex, lower, seededRandom } from './random.js'
import type { Random } from './random.js'

/** One kind of ordinary tool output, holding no secret. */
export interface OrdinaryOutput {
  readonly kind: string
  readonly text: string
}

const uuid = (r: Random) =>
  `${r.chars(hex, 8)}-${r.chars(hex, 4)}-4${r.chars(hex, 3)}-${r.pick(['8', '9', 'a', 'b'])}${r.chars(hex, 3)}-${r.chars(hex, 12)}`
const name = (r: Random) => r.pick(['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Linus'])
const word = (r: Random, length = 7) => r.chars(lower, length)

/** What tools print every day: each a generator of lines of that kind. */
const kinds: Record<string, (r: Random) => string> = {
  'git log': (r) =>
    `commit ${r.chars(hex, 40)}\nAuthor: ${name(r)} <${name(r).toLowerCase()}@example.com>\nDate:   Mon Jan 6 09:${String(r.int(10, 59))}:00 2025 +0100\n\n    fix ${word(r)} in ${word(r)}.ts`,
  'git diff': (r) =>
    `diff --git a/src/${word(r)}.ts b/src/${word(r)}.ts\nindex ${r.chars(hex, 7)}..${r.chars(hex, 7)} 100644\n--- a/src/${word(r)}.ts\n+++ b/src/${word(r)}.ts\n@@ -${String(r.int(1, 90))},7 +${String(r.int(1, 90))},8 @@ export function ${word(r)}() {\n-  return ${word(r)}(${word(r)})\n+  return ${word(r)}(${word(r)}, { retries: ${String(r.int(1, 5))} })`,
  'package-lock integrity': (r) =>
    `      "resolved": "https://registry.npmjs.org/${word(r)}/-/${word(r)}-${String(r.int(1, 9))}.${String(r.int(0, 20))}.${String(r.int(0, 20))}.tgz",\n      "integrity": "sha512-${r.chars(base64, 86)}=="`,
  'yarn.lock checksum': (r) => `  checksum: ${r.chars(hex, 128)}`,
  uuid: (r) => `created job ${uuid(r)} for run ${uuid(r)}`,
  'docker digest': (r) =>
    `${word(r)}/${word(r)}@sha256:${r.chars(hex, 64)}\n${r.chars(hex, 12)}   ${word(r)}:latest   ${String(r.int(1, 900))}MB`,
  'base64 image': (r) =>
    `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${r.chars(base64, 400)}=">`,
  'minified js': (r) =>
    `!function(e,t){"object"==typeof exports?module.exports=t():e.${word(r)}=t()}(this,function(){var ${r.chars(lower, 1)}="${r.chars(alnum, 32)}";return function(n){return n.${word(r)}(${r.chars(lower, 1)},${String(r.int(0, 99))})}});`,
  'test run': (r) =>
    ` ✓ src/${word(r)}.test.ts (${String(r.int(1, 40))} tests) ${String(r.int(1, 900))}ms\n   Test Files  ${String(r.int(1, 30))} passed (${String(r.int(1, 30))})`,
  'ls -la': (r) =>
    `-rw-r--r--  1 ${word(r, 5)} staff  ${String(r.int(10, 99_999))} Jan  6 09:12 ${word(r)}.${r.pick(['ts', 'json', 'md', 'lock'])}`,
  'access log': (r) =>
    `${String(r.int(1, 255))}.${String(r.int(0, 255))}.${String(r.int(0, 255))}.${String(r.int(1, 254))} - - [06/Jan/2025:09:00:${String(r.int(10, 59))} +0000] "GET /api/${word(r)}?page=${String(r.int(1, 9))} HTTP/1.1" 200 ${String(r.int(100, 9999))}`,
  'json api': (r) =>
    `{"id":"${uuid(r)}","etag":"W/\\"${r.chars(hex, 32)}\\"","sha":"${r.chars(hex, 40)}","node_id":"${r.chars(alnum, 24)}","url":"https://api.github.com/repos/acme/${word(r)}"}`,
  'env without secrets': (r) =>
    `NODE_ENV=production\nPORT=${String(r.int(3000, 9000))}\nLOG_LEVEL=${r.pick(['info', 'debug'])}\nDATABASE_HOST=db.internal`,
  hashes: (r) =>
    `${r.chars(hex, 64)}  dist/${word(r)}.tar.gz\n${r.chars(hex, 32)}  dist/${word(r)}.zip`,
  'stack trace': (r) =>
    `Error: ${word(r)} failed\n    at ${word(r)} (/app/src/${word(r)}.ts:${String(r.int(1, 300))}:${String(r.int(1, 40))})\n    at process.processTicksAndRejections (node:internal/process/task_queues:${String(r.int(50, 99))}:5)`,
  numbers: (r) =>
    `build ${r.chars(digits, 10)} finished in ${String(r.int(1, 99))}.${r.chars(digits, 3)}s`,
}

/** The kinds of ordinary output. */
export const ordinaryKinds = Object.keys(kinds)

/** `perKind` samples of each kind of ordinary output, the same on every run for one `seed`. */
export function ordinaryOutput(perKind: number, seed = 4141): OrdinaryOutput[] {
  const random = seededRandom(seed)
  return Object.entries(kinds).flatMap(([kind, make]) =>
    Array.from({ length: perKind }, () => ({ kind, text: make(random) })),
  )
}
