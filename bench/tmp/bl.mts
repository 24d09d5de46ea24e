import { Buffer } from 'node:buffer'
const one = 'const x = 1; // abc\n'.repeat(1000)
const two = 'const x = 1; // a…c\n'.repeat(1000)
for (const [n, s] of [['one-byte', one], ['two-byte', two]] as const) {
  for (let r = 0; r < 3; r++) {
    const t = performance.now(); let k = 0
    for (let i = 0; i < 10000; i++) k += Buffer.byteLength(s)
    console.log(n, s.length, ((performance.now() - t) * 1000 / 10000).toFixed(2), 'µs')
  }
}
