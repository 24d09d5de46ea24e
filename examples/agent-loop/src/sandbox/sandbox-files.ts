/**
 * The small project the demo's agent works on: a greeting function whose test fails, a README,
 * a `.env` holding a fake GitHub token (what `@toolpipe/redact` withholds), the project's
 * Claude Code settings with a PreToolUse hook script that refuses edits to `package.json`, as
 * Claude Code users write them (`@toolpipe/hooks` runs it unchanged), a long `server.log` (the
 * output budget's: far more than `run_shell` may show the model), and the bundle the project
 * ships, `dist/greet.min.js` (minified: what the minified-code policy blocks).
 */
export const sandboxFiles: Readonly<Record<string, string>> = {
  'README.md': [
    '# greeter',
    '',
    'A tiny greeting library. `node test.js` checks it.',
    'CI writes its report to ci/report.txt; the CI token is in .env.',
    '',
  ].join('\n'),
  'package.json': '{ "name": "greeter", "private": true, "type": "commonjs" }\n',
  'greet.js': [
    '// Greets someone by name.',
    'function greet(name) {',
    "  return 'Hi ' + name",
    '}',
    '',
    'module.exports = { greet }',
    '',
  ].join('\n'),
  'test.js': [
    "const { greet } = require('./greet.js')",
    '',
    "const got = greet('Ada')",
    "if (got === 'Hello, Ada!') {",
    '  console.log(\'ok: greet("Ada") is "Hello, Ada!"\')',
    '} else {',
    '  console.log(`FAIL: greet("Ada") is ${JSON.stringify(got)}, expected "Hello, Ada!"`)',
    '  process.exitCode = 1',
    '}',
    '',
  ].join('\n'),
  // The project's permission rules (@toolpipe/permissions), as Claude Code users write them:
  // reading and editing files, node scripts and read-only programs run without asking; rm never
  // runs. Always-answers are added to .toolpipe/settings.local.json. Its `sandbox` key configures
  // the OS sandbox (@toolpipe/sandbox) run_shell runs in: Claude Code's "regular permissions"
  // mode (commands no rule matched still ask), and the stand-in home folder's keys unreadable.
  '.toolpipe/settings.json': `${JSON.stringify(
    {
      sandbox: {
        autoAllowBashIfSandboxed: false,
        filesystem: { denyRead: ['~/.ssh'] },
      },
      permissions: {
        allow: [
          'Bash(node *)',
          ...[
            'ls',
            'cat',
            'head',
            'tail',
            'grep',
            'echo',
            'diff',
            'sort',
            'uniq',
            'stat',
            'file',
          ].map((program) => `Bash(${program} *)`),
          'Bash(pwd)',
          'Read',
          'Edit',
          'wait_for_file',
          'mcp__handbook',
          'tool_search',
        ],
        deny: ['Bash(rm *)'],
      },
    },
    null,
    2,
  )}\n`,
  // Not a real key: a fixed fake in a well-known key shape.
  '.env': 'CI_TOKEN=ghp_demo0Fake0Token0For0The0Demo00000001\n',
  '.claude/settings.json': `${JSON.stringify(
    {
      hooks: {
        PreToolUse: [
          {
            matcher: 'edit_file',
            hooks: [
              {
                type: 'command',
                command: 'node "$CLAUDE_PROJECT_DIR"/.claude/hooks/protect-package-json.mjs',
                timeout: 10,
              },
            ],
          },
        ],
      },
    },
    null,
    2,
  )}\n`,
  '.claude/hooks/protect-package-json.mjs': [
    '#!/usr/bin/env node',
    '// A PreToolUse hook: the call arrives as JSON on stdin; exit 2 refuses it, stderr says why.',
    "import { basename } from 'node:path'",
    '',
    "let input = ''",
    'for await (const chunk of process.stdin) input += chunk',
    'const call = JSON.parse(input)',
    "const path = call.tool_input?.path ?? call.tool_input?.file_path ?? ''",
    "if (basename(path) === 'package.json') {",
    '  console.error(',
    "    'package.json is the team\\'s to change: propose the edit to a person instead ' +",
    "      '(refused by .claude/hooks/protect-package-json.mjs)',",
    '  )',
    '  process.exit(2)',
    '}',
    '',
  ].join('\n'),
  'server.log': serverLog(600),
  'dist/greet.min.js': minifiedBundle(),
}

/**
 * The bundle a build made of greet.js (esbuild `--bundle --minify`, before the fix: "Hi Ada"),
 * with the locale table it drags in: one line of about 1,000 characters.
 */
function minifiedBundle(): string {
  // Hello in each locale of the table: "locale word", comma-separated.
  const hello =
    'en Hi,de Hallo,fr Salut,es Hola,it Ciao,pt Oi,nl Hoi,sv Hej,da Hej,nb Hei,fi Moi,pl Czesc,' +
    'cs Ahoj,sk Ahoj,hu Szia,ro Salut,tr Selam,id Hai,ms Hai,tl Kumusta,sw Jambo,haw Aloha,' +
    'mi Kia ora,et Tere,lv Sveiki,lt Labas,sl Zivjo,hr Bok,is Hallo,ga Dia duit,cy Helo,' +
    'eu Kaixo,ca Hola,gl Ola,af Hallo,zu Sawubona,eo Saluton'
  const table = hello
    .split(',')
    .map((entry) => entry.replace(/^(\w+) (.*)$/, '$1:"$2 "'))
    .join(',')
  return [
    '/*! greeter 0.3.1 | built from greet.js by esbuild --bundle --minify; do not edit */',
    '"use strict";var r=Object.defineProperty;var a=Object.getOwnPropertyDescriptor;var i=Object.getOwnPropertyNames;var o=Object.prototype.hasOwnProperty;' +
      'var c=(e,t)=>{for(var n in t)r(e,n,{get:t[n],enumerable:!0})},f=(e,t,n,l)=>{if(t&&typeof t=="object"||typeof t=="function")for(let s of i(t))!o.call(e,s)&&s!==n&&r(e,s,{get:()=>t[s],enumerable:!(l=a(t,s))||l.enumerable});return e};' +
      'var h=e=>f(r({},"__esModule",{value:!0}),e);var d={};c(d,{greet:()=>u,greetings:()=>g});module.exports=h(d);' +
      `var g={${table}};function u(e,t="en"){return(g[t]??g.en)+e}0&&(module.exports={greet,greetings});`,
    '//# sourceMappingURL=greet.min.js.map',
    '',
  ].join('\n')
}

/**
 * A service's access log, `lines` requests long (about 70 bytes each), the same on every run:
 * greetings answered the old way, "Hi Ada", before the fix.
 */
function serverLog(lines: number): string {
  const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald']
  return Array.from({ length: lines }, (_, index) => {
    const time = new Date(Date.UTC(2025, 0, 6, 9, 0, index)).toISOString()
    const name = names[index % names.length] ?? 'Ada'
    return index % 10 === 9
      ? `${time} GET /health 200 ${(index % 7) + 1}ms`
      : `${time} GET /greet?name=${name} 200 ${(index % 13) + 2}ms "Hi ${name}"`
  })
    .join('\n')
    .concat('\n')
}
