/**
 * Outputs that look like what tools really print, built deterministically (a seeded generator):
 * a service log, a `git diff` of a lockfile, and prose in Chinese with emoji (surrogate pairs).
 */

/** A small deterministic generator (mulberry32), so every run cuts the same text. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

const paths = ['/api/items', '/api/users/42', '/health', '/api/orders?page=3', '/static/app.js']
const levels = ['INFO ', 'INFO ', 'INFO ', 'WARN ', 'DEBUG']

/** A service log of about `bytes` bytes: one request per line. */
export function serviceLog(bytes: number, seed = 1): string {
  const next = random(seed)
  const lines: string[] = []
  let size = 0
  for (let line = 0; size < bytes; line++) {
    const time = new Date(Date.UTC(2024, 4, 1, 12, 0, 0, line * 37)).toISOString()
    const text = `${time} ${levels[Math.floor(next() * levels.length)] ?? ''} req=${Math.floor(next() * 1e6)} GET ${paths[Math.floor(next() * paths.length)] ?? ''} ${next() < 0.95 ? 200 : 500} ${Math.floor(next() * 900)}ms`
    lines.push(text)
    size += text.length + 1
  }
  return lines.join('\n')
}

/** A `git diff` of a lockfile, about `bytes` bytes. */
export function lockfileDiff(bytes: number, seed = 2): string {
  const next = random(seed)
  const lines = [
    'diff --git a/pnpm-lock.yaml b/pnpm-lock.yaml',
    '--- a/pnpm-lock.yaml',
    '+++ b/pnpm-lock.yaml',
  ]
  let size = 0
  for (let hunk = 0; size < bytes; hunk++) {
    const name = `pkg-${Math.floor(next() * 5000).toString(36)}`
    const hash = Math.floor(next() * 2 ** 52)
      .toString(16)
      .padStart(13, '0')
    const chunk = [
      `@@ -${hunk * 7 + 1},6 +${hunk * 7 + 1},6 @@ packages:`,
      `-  /${name}@1.${hunk % 10}.0:`,
      `-    resolution: {integrity: sha512-${hash}${hash}${hash}==}`,
      `+  /${name}@1.${(hunk % 10) + 1}.0:`,
      `+    resolution: {integrity: sha512-${hash.split('').reverse().join('')}${hash}==}`,
      `     engines: {node: '>=18'}`,
    ]
    lines.push(...chunk)
    size += chunk.join('\n').length + 1
  }
  return lines.join('\n')
}

/** Chinese prose with emoji (astral characters, two UTF-16 units each), about `chars` long. */
export function cjkWithEmoji(chars: number, seed = 3): string {
  const next = random(seed)
  let text = ''
  while (text.length < chars) {
    const roll = next()
    if (roll < 0.08) text += next() < 0.5 ? '😀' : '🚀'
    else if (roll < 0.15) text += '，'
    else if (roll < 0.17) text += '\n'
    else text += String.fromCharCode(0x4e00 + Math.floor(next() * 0x51a5))
  }
  return text
}

/** Whether `text` holds no lone surrogate (half a character). */
export function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
}
