/** One shape of hostile command line. */
export interface HostileShape {
  /** The line, about `size` characters long (never longer). */
  make(size: number): string
  /** Whether the line runs (or may run) a program the rules deny: it must never be allowed. */
  readonly hidesDenied: boolean
}

/** `head`, then `unit` as many times as fits in `size` beside `tail`. */
function fit(unit: string, size: number, head = '', tail = ''): string {
  const count = Math.max(1, Math.floor((size - head.length - tail.length) / unit.length))
  return head + unit.repeat(count) + tail
}

function nest(open: string, inner: string, close: string, size: number): string {
  const depth = Math.max(1, Math.floor((size - inner.length) / (open.length + close.length)))
  return open.repeat(depth) + inner + close.repeat(depth)
}

/** 60 `cd`s, then as many writes to distinct relative files as fit in `size`. */
function filesFromPlaces(size: number): string {
  let line = Array.from({ length: 60 }, (_, index) => `cd /tmp/d${String(index)}; `).join('')
  for (let index = 0; ; index++) {
    const next = `echo >f${String(index)}; `
    if (line.length + next.length > size) return line.slice(0, size)
    line += next
  }
}

/**
 * The shapes (SPEC §26's bounded work): what makes a parser, a walk over its tree or a rule
 * matcher do the most work per character, and lines where a denied command hides behind size.
 */
export const hostileLines: Readonly<Record<string, HostileShape>> = {
  'one long word': { make: (n) => fit('x', n, 'echo '), hidesDenied: false },
  'many words': { make: (n) => fit(' a', n, 'echo'), hidesDenied: false },
  'many commands': { make: (n) => fit('echo a; ', n), hidesDenied: false },
  'an && chain': { make: (n) => fit('ls && ', n, '', 'ls'), hidesDenied: false },
  'a long pipeline': { make: (n) => fit('cat | ', n, '', 'cat'), hidesDenied: false },
  'nested substitutions': { make: (n) => nest('$(', 'rm -rf ~', ')', n), hidesDenied: true },
  'nested subshells': { make: (n) => nest('(', 'rm -rf ~', ')', n), hidesDenied: true },
  'nested groups': { make: (n) => nest('{ ', 'rm -rf ~; ', '}; ', n), hidesDenied: true },
  'a long path': { make: (n) => fit('a/', n, 'echo x > '), hidesDenied: false },
  'a long path into /etc': {
    make: (n) => fit('../', n, 'echo x > ', 'etc/passwd'),
    hidesDenied: true,
  },
  'an expanded here-document': {
    make: (n) => fit('line $x `y`\n', n, 'cat <<E\n', 'E'),
    hidesDenied: false,
  },
  'a quoted here-document of code': {
    make: (n) => fit('function f(a, b) { return a + b } // x\n', n, "cat > f.js <<'EOF'\n", 'EOF'),
    hidesDenied: false,
  },
  'one long string': { make: (n) => fit('a', n, "echo '", "'"), hidesDenied: false },
  'long arithmetic': { make: (n) => fit('1+', n, 'echo $((', '1))'), hidesDenied: false },
  'many redirections': { make: (n) => fit(' > f', n, 'echo x'), hidesDenied: false },
  // Each relative file is looked up from every place the `cd`s may have led.
  'files from many cd places': { make: (n) => filesFromPlaces(n), hidesDenied: false },
  'many bash -c strings': {
    make: (n) => fit(`bash -c 'bash -c "bash -c ls"'; `, n, '', 'bash -c "rm -rf ~"'),
    hidesDenied: true,
  },
  'a syntax error at the end': {
    make: (n) => fit('echo a\n', n, 'rm -rf ~\n', '('),
    hidesDenied: true,
  },
  'a long sed script': { make: (n) => fit('s/a/b/;', n, "sed '", "'"), hidesDenied: false },
  'a long awk program': { make: (n) => fit('{print $1}', n, "awk '", "'"), hidesDenied: false },
  'a word a later shell runs': {
    make: (n) => fit("x{a,b}y r[q]z $'\\x71'q ${a}b ", n, "mytool -o Cmd='", "{r,x}m -rf ~'"),
    hidesDenied: true,
  },
  'unclosed braces in such a word': {
    make: (n) => fit('{', n, "mytool -o Cmd='", " rm -rf ~'"),
    hidesDenied: true,
  },
  'padding before rm': { make: (n) => fit(' ', n, 'echo ok;', 'rm -rf ~'), hidesDenied: true },
  'padding before a hidden rm': {
    make: (n) => fit(' ', n, 'echo ok;', "echo $(( 'a[$(rm -rf ~)]' ))"),
    hidesDenied: true,
  },
}
