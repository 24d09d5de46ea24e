const root = '/work/wt-house-permissions/packages/permissions/src/internal/rules'
const cp = await import(`${root}/command-pattern.ts`)
const dp = await import(`${root}/domain-pattern.ts`)
const pp = await import(`${root}/param-pattern.ts`)
const pathp = await import(`${root}/path-pattern.ts`)
const rt = await import(`${root}/rule-text.ts`)
const sr = await import(`${root}/settings-rule.ts`)
const rs = await import(`${root}/rule-set.ts`)
const gp = await import(`${root}/gemini-policy.ts`)
const gr = await import(`${root}/gemini-regex.ts`)
const tg = await import(`${root}/tool-glob.ts`)
const { parse } = await import('smol-toml')
const j = (x: unknown) => console.log(JSON.stringify(x, (k, v) => v instanceof RegExp ? String(v) : typeof v === 'function' ? 'fn' : v))
j(['cmd', cp.compileCommandPattern('npm run test *'), cp.compileCommandPattern('npm:*'), cp.compileCommandPattern('* --version'), cp.compileCommandPattern('"a b" c'), cp.compileCommandPattern("'x"), cp.compileCommandPattern('')])
const S='\u0000', U='\u0001', A='\u0002'
j(['must', cp.mustMatch(`ls${S}${A}`, `ls${S}-la`), cp.mustMatch(`ls${S}${A}`, `lsof`), cp.mustMatch(`rm${S}${A}`, `rm${S}${U}`), cp.mustMatch(`rm${S}-rf${S}/`, `rm${S}${U}`)])
j(['may', cp.mayMatch(`rm${S}-rf${S}/`, `rm${S}${U}`), cp.mayMatch(`git${S}push${S}${A}`, `git${S}${U}`), cp.mayMatch(`rm${S}${A}`, `ls${S}${U}`), cp.mayMatch(`ssh${S}host`, `ssh host`)])
j(['needs', cp.needsMayMatch(`rm${S}x`), cp.needsMayMatch(`rm${S}${U}`), cp.needsMayMatch('a b')])
j(['domain', dp.compileDomainPattern('domain:Example.COM'), dp.compileDomainPattern('domain:*.docs.rs'), dp.compileDomainPattern('example.com'), dp.compileDomainPattern('domain:a/b'), dp.compileDomainPattern('domain:*'), dp.hostOf('https://EXAMPLE.com./x'), dp.hostOf('not a url'), dp.hostOf('file:///etc/passwd'), dp.matchesDomain({host:'docs.rs',subdomains:true},'x.docs.rs'), dp.matchesDomain({host:'docs.rs',subdomains:true},'docs.rs')])
j(['param', pp.compileParamPattern('env:prod'), pp.compileParamPattern('env:pr*'), pp.compileParamPattern('a b:c'), pp.compileParamPattern('nocolon'), pp.matchesParam(pp.compileParamPattern('env:prod')!, {env:'prod'}), pp.matchesParam(pp.compileParamPattern('env:pr*')!, {env:'preview'}), pp.matchesParam(pp.compileParamPattern('n:5')!, {n:5}), pp.matchesParam(pp.compileParamPattern('env:prod')!, {env:{x:1}}), pp.matchesParam(pp.compileParamPattern('env:prod')!, {})])
const roots = { home: '/home/u', root: '/project', cwd: '/project/app' }
const p1 = pathp.compilePathPattern('//etc/**', roots, false), p2 = pathp.compilePathPattern('~/.ssh/**', roots, true), p3 = pathp.compilePathPattern('/src/**', roots, false), p4 = pathp.compilePathPattern('*.env', roots, true)
j(['path', p1.base, p2.base, p3.base, p4.base, pathp.compilePathPattern('!x', roots, false), pathp.matchesPath(p1,'/etc/hosts'), pathp.matchesPath(p2,'/home/u/.SSH/id'), pathp.matchesPath(p3,'/project/src/a.ts'), pathp.matchesPath(p3,'/project/app/src/a.ts'), pathp.matchesPath(p4,'/project/app/x/.ENV'), pathp.matchesPath(p4,'/project/b.env'), pathp.matchesPath(pathp.everyPath,'/x')])
j(['text', rt.readRuleText('Bash(npm test *)'), rt.readRuleText('Read'), rt.readRuleText('Bash(*)'), rt.readRuleText(42), rt.readRuleText('Bash('), rt.readRuleText('Ba sh'), rt.readRuleText('Bash()'), rt.readRuleText('mcp__github__*'), rt.readRuleText('x)'), rt.readRuleText('a\tb')])
j(['mcp', rt.readMcpName('mcp__github'), rt.readMcpName('mcp__github__create_issue'), rt.readMcpName('mcp__github__*'), rt.readMcpName('Bash'), rt.readMcpName('mcp__')])
const origin = { kind: 'project', path: '/project/.toolpipe/settings.json', label: '.toolpipe/settings.json' }
j(['srule', sr.compileSettingsRule('Bash(rm *)','deny',0,origin,0,roots), sr.compileSettingsRule('mcp__github(x)','deny',0,origin,0,roots), sr.compileSettingsRule('WebFetch(example.com)','deny',0,origin,0,roots), sr.compileSettingsRule('deploy(env:prod)','deny',1,origin,3,roots), sr.compileSettingsRule('Bash(\'x)','deny',0,origin,0,roots), sr.compileSettingsRule('run_shell_command(ls *)','allow',0,origin,0,roots)])
const warnings: unknown[] = []
const set = rs.buildRuleSet([
  { kind: 'managed', path: '/etc/managed.json', label: 'managed.json', format: 'settings', value: { permissions: { deny: ['Bash(curl *)'], disableBypassPermissionsMode: 'disable' }, allowManagedPermissionRulesOnly: true } },
  { kind: 'project', path: '/project/.toolpipe/settings.json', label: '.toolpipe/settings.json', format: 'settings', value: { permissions: { allow: ['Bash(ls *)'], defaultMode: 'plan', additionalDirectories: ['../lib', '~/x', 3], disableBypassPermissionsMode: 'disable' } } },
  { kind: 'user', path: '/home/u/.toolpipe/settings.json', label: '~/.toolpipe/settings.json', format: 'settings', value: { permissions: { defaultMode: 'yolo', deny: 'x' } } },
  { kind: 'project', path: '/project/p.toml', label: 'p.toml', format: 'gemini', value: parse('[[rule]]\ntoolName = "Bash"\ndecision = "deny"\npriority = 5\n') },
], { projectRoot: '/project', cwd: '/project', home: '/home/u' }, (w: unknown) => warnings.push(w))
j(['set', set.deny.all.map((r: any) => r.text), set.allow.all.map((r: any) => r.text), set.gemini.length, set.defaultMode, set.additionalDirectories, set.bypassDisabled, set.managedRulesOnly, set.managedUnreadable])
j(['warnings', warnings.map((w: any) => [w.origin.label, w.where, w.message])])
const w2: unknown[] = []
const set2 = rs.buildRuleSet([{ kind: 'project', path: '/p/a.json', label: 'a.json', format: 'settings', value: { permissions: { allow: ['Bash(ls *)', 'Bash(', 'Read(src/**)'], deny: ['Bash(rm *)'], defaultMode: 'acceptEdits' } } }, { kind: 'user', path: '/h/b.json', label: 'b.json', format: 'settings', value: [1] }, { kind: 'managed', path: '/m.json', label: 'm.json', format: 'settings', value: undefined, unreadable: 'm.json: line 1, column 2: X' }], { projectRoot: '/p', cwd: '/p', home: '/h' }, (w: unknown) => w2.push(w))
j(['set2', set2.allow.all.map((r: any) => [r.text, r.order]), set2.defaultMode, set2.managedUnreadable, w2.map((w: any) => [w.where, w.message])])
const gw: unknown[] = []
const grules = gp.compileGeminiPolicy(parse('[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git "\ndecision = "allow"\npriority = 100\n\n[[rule]]\nmcpName = "gh"\ndecision = "ask_user"\nmodes = ["default", "yolo"]\n\n[[rule]]\ntoolName = "Bash"\ndecision = "maybe"\n\n[[rule]]\ntoolName = "Bash"\ncommandRegex = "^rm"\ndecision = "deny"\n\n[[rule]]\ntoolName = "Bash"\ncommandRegex = "(a+)+b"\ndecision = "allow"\n\n[[rule]]\ntoolName = "Bash"\ncommandRegex = "(a+)+b"\ndecision = "deny"\n'), { kind: 'user', path: '/u.toml', label: 'u.toml' }, (i: unknown, m: unknown, k: unknown) => gw.push([i, m, k]))
j(['gemini', grules.map((r: any) => ({ text: r.text, decision: r.decision, priority: r.priority, toolNames: r.toolNames, prefixes: r.commandPrefixes, modes: r.modes, unsafe: r.unsafeRegex })), gw])
j(['gemini2', gp.compileGeminiPolicy(undefined, origin, () => {}), gp.compileGeminiPolicy({ rule: 3 }, origin, (i: unknown, m: unknown) => console.log('R', i, m))])
j(['regex', String(gr.compileGeminiRegex('a.c','argsPattern','')), gr.compileGeminiRegex(3,'argsPattern',''), gr.compileGeminiRegex('(','commandRegex','"command":"'), gr.compileGeminiRegex(undefined,'x',''), gr.isSafeRegex(/abc*/), gr.isSafeRegex(/(a+)+b/), gr.isSafeRegex(/a*b*c/), gr.regexWarnings('^x', false, 'deny'), gr.regexWarnings('x', true, 'deny'), gr.regexWarnings('x', true, 'allow')])
j(['glob', tg.matchesToolGlob('run_*', 'run_shell'), tg.matchesToolGlob('*_file', 'read_file'), tg.matchesToolGlob('a*b*c', 'axxbyyc'), tg.matchesToolGlob('a*b', 'ab'), tg.matchesToolGlob('a*a', 'a'), tg.matchesToolGlob('x', 'x'), tg.matchesToolGlob('x', 'y')])
