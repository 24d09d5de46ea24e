import type { PermissionSettings } from '@toolpipe/settings-files'
import type { CorpusRow } from './bypass-corpus.js'

/**
 * SPEC §26's kinds of line where bash does not run what a text judge reads, each row citing
 * where the kind is documented or was reported. Every row is also judged in
 * `bypassPermissions` (see `both`): such an ask is never an allow, whatever the mode.
 */

const manual = (anchor: string) => `https://www.gnu.org/software/bash/manual/bash.html#${anchor}`
const arithmetic = manual('Shell-Arithmetic')
const hereDocuments = manual('Here-Documents')
const tilde = manual('Tilde-Expansion')
const pipelines = manual('Pipelines')
const grouping = manual('Command-Grouping')
const bourneBuiltins = manual('Bourne-Shell-Builtins')
const bashBuiltins = manual('Bash-Builtins')
const variables = manual('Bash-Variables')
const sedManual = 'https://www.gnu.org/software/sed/manual/sed.html#Extended-Commands'
const awkManual = 'https://www.gnu.org/software/gawk/manual/gawk.html#I_002fO-Functions'
const shellcheck1322 = 'https://github.com/koalaman/shellcheck/issues/1322'
const openclaude1111 = 'https://github.com/Gitlawb/openclaude/pull/1111'
const zed54690 = 'https://github.com/zed-industries/zed/pull/54690'
const qwen9417 = 'https://github.com/QwenLM/qwen-code/pull/9417'
const llxprt2922 = 'https://github.com/vybestack/llxprt-code/pull/2922'
const claude48518 = 'https://github.com/anthropics/claude-code/issues/48518'
const unsloth7483 = 'https://github.com/unslothai/unsloth/pull/7483'
const qwen1601 = 'https://github.com/QwenLM/qwen-code/pull/1601'
const antseed660 = 'https://github.com/AntSeed/antseed/pull/660'
const agentscope2747 = 'https://github.com/agentscope-ai/agentscope/pull/2747'
const dcg399 = 'https://github.com/Dicklesworthstone/destructive_command_guard/issues/399'
const dcg480 = 'https://github.com/Dicklesworthstone/destructive_command_guard/issues/480'
const dirge280 = 'https://github.com/dirge-code/dirge/pull/280'
const opencode32628 = 'https://github.com/anomalyco/opencode/issues/32628'
const claudePermissions = 'https://code.claude.com/docs/en/permissions'
const gitAliases = 'https://git-scm.com/docs/git-config#Documentation/git-config.txt-alias'
const tarManual = 'https://www.gnu.org/software/tar/manual/html_node/external.html'

/** Everyday commands allowed, a few dangerous ones and protected paths denied. */
export const everyday: PermissionSettings = {
  allow: [
    ...['Bash(echo *)', 'Bash(ls *)', 'Bash(cat *)', 'Bash(printf *)', 'Bash(read *)'],
    ...['Bash(let *)', 'Bash(declare *)', 'Bash(test *)', 'Bash(mapfile *)', 'Bash(trap *)'],
    ...['Bash(sed *)', 'Bash(awk *)', 'Bash(tar *)', 'Bash(git *)', 'Bash(find *)', 'Bash(cd *)'],
    ...['Bash(export *)', 'Bash(npm test *)', 'Bash(wc *)', 'Bash(true)', 'Bash(rsync *)'],
    'Edit(src/**)',
  ],
  deny: [
    ...['Bash(rm *)', 'Bash(curl *)', 'Edit(//etc/**)', 'Edit(~/.ssh/**)', 'Read(~/.ssh/**)'],
    'Read(.env)',
  ],
}

/** Each line in the default mode and in bypassPermissions, with the same decision. */
export function both(
  rules: PermissionSettings,
  source: string,
  list: readonly (readonly [string, 'ask' | 'deny'])[],
  extra: Partial<CorpusRow> = {},
): CorpusRow[] {
  return list.flatMap(([line, expected]) => [
    { line, rules, expected, source, ...extra },
    { line, rules, expected, source, ...extra, mode: 'bypassPermissions' as const },
  ])
}

const subscript = `'a[$(rm -rf ~)]'`

export const failClosedCorpus: readonly CorpusRow[] = [
  // bash evaluates a[$(…)] inside a quoted subscript whenever it does arithmetic on it.
  ...both(everyday, arithmetic, [
    [`echo $(( ${subscript} ))`, 'ask'],
    [`x=${subscript}; echo $((x))`, 'ask'],
    [`x=${subscript}; echo $[x]`, 'ask'],
    [`x=${subscript}; (( x ))`, 'ask'],
    [`let ${subscript}`, 'ask'],
    [`for ((i=${subscript}; 0;)); do true; done`, 'ask'],
    [`echo \${y:${subscript}}`, 'ask'],
  ]),
  // An associative or indexed array's `[key]=value` is arithmetic on the key, appended (`+=`) too.
  ...both(everyday, manual('Arrays'), [
    [`x=${subscript}; a+=([x]=1)`, 'ask'],
    ['a+=([x]=1)', 'ask'],
    ['a+=( [$x]=1 )', 'ask'],
    ['declare -a a+=([x]=1)', 'ask'],
  ]),
  ...both(everyday, shellcheck1322, [
    [`[[ ${subscript} -eq 1 ]]`, 'ask'],
    [`x=${subscript}; [[ $x -lt 2 ]]`, 'ask'],
    [`[[ -v ${subscript} ]]`, 'ask'],
    [`[ -v ${subscript} ]`, 'ask'],
    [`test -v ${subscript}`, 'ask'],
  ]),
  ...both(everyday, openclaude1111, [
    [`a[$(rm -rf ~)]=1 echo hi`, 'deny'],
    [`a['$(rm -rf ~)']=1 echo hi`, 'ask'],
    [`echo \${a['$(rm -rf ~)']}`, 'ask'],
  ]),
  ...both(everyday, zed54690, [[`echo $(( $(rm -rf ~) + 1 ))`, 'deny']]),
  ...both(everyday, bashBuiltins, [
    [`printf -v ${subscript} %s x`, 'ask'],
    [`read ${subscript} <<< x`, 'ask'],
    [`read -ra ${subscript} <<< x`, 'ask'],
    [`declare ${subscript}=1`, 'ask'],
    [`declare -i x=${subscript}`, 'ask'],
    [`declare -n r=${subscript}; echo $r`, 'ask'],
    [`declare -a 'arr=([$(rm -rf ~)]=1)'`, 'ask'],
    [`x=${subscript}; echo \${!x}`, 'ask'],
  ]),
  // Here-documents: the end line is exactly the delimiter; an unquoted body is expanded.
  ...both(everyday, hereDocuments, [
    ["cat <<E\n E\necho '\nE\nrm -rf ~\n'", 'ask'],
    ["cat <<E\nE \necho '\nE\nrm -rf ~\n'", 'ask'],
    ["cat <<E\nE#\necho '\nE\nrm -rf ~\n'", 'ask'],
    ["cat <<E\nE\r\necho '\nE\nrm -rf ~\n'", 'ask'],
    ["cat <<-E\n  E\necho '\nE\nrm -rf ~\n'", 'ask'],
    ['cat <<E\nE;\nrm -rf ~\nE', 'deny'],
    ['cat <<E\n$(( 1 + $[2] ))\nE', 'ask'],
    ['cat <<E\n${a[$i]}\nE', 'ask'],
  ]),
  ...both(everyday, llxprt2922, [['cat <<E\n`rm -rf ~`\nE', 'ask']]),
  // A shell reading commands from a pipe: tree-sitter puts `cat <<EOF | sh`'s `| sh` inside the
  // here-document's redirect, and a shell inside a subshell, group, loop or `if` reads the input
  // of the stage around it ("the standard output of command1 is connected via a pipe to the
  // standard input of command2").
  ...both(everyday, pipelines, [
    ['cat <<EOF | sh\nrm -rf ~\nEOF', 'ask'],
    ['cat <<EOF |& bash -s\nrm -rf ~\nEOF', 'ask'],
    ['cat <<EOF | wc -l | sh\nrm -rf ~\nEOF', 'ask'],
    ["echo 'rm -rf ~' | (sh)", 'ask'],
    ["echo 'rm -rf ~' | { sh; }", 'ask'],
    ["echo 'rm -rf ~' | (cat; bash)", 'ask'],
    ["echo 'rm -rf ~' | while read -r l; do sh; done", 'ask'],
    ["echo 'rm -rf ~' | if true; then bash; fi", 'ask'],
  ]),
  // "Redirections … applied to the entire command list" of a group or subshell: its shell reads them.
  ...both(everyday, grouping, [
    ['(sh) <<EOF\nrm -rf ~\nEOF', 'ask'],
    ["{ bash; } <<< 'rm -rf ~'", 'ask'],
    ['while read -r l; do sh; done < ./script.sh', 'ask'],
  ]),
  ...both(everyday, qwen9417, [['cat <<E\n$(rm -rf ~)\nE', 'deny']]),
  ...both({ allow: ['Bash(cat *)'], ask: ['Bash(pandoc *)'] }, claude48518, [
    ["cat <<'EOF' | pandoc --to=plain\nx\nEOF", 'ask'],
  ]),
  // PATH (and what decides which code runs) changed without an assignment a judge sees.
  ...both(everyday, variables, [
    ['for PATH in .; do ls; done', 'ask'],
    ['printf -v PATH %s .; ls', 'ask'],
    ['read PATH <<< .; ls', 'ask'],
    ['declare PATH=.; ls', 'ask'],
    ['export PATH=.; ls', 'ask'],
    ['PATH=. ls', 'ask'],
    [': ${PATH:=.}; ls', 'ask'],
    ['BASH_ENV=./x.sh bash -c true', 'ask'],
    ['PROMPT_COMMAND=x; ls', 'ask'],
    ['IFS=/; ls', 'ask'],
    ['LD_PRELOAD=./x.so ls', 'ask'],
  ]),
  // Strings run by builtins and programs an allow rule names.
  ...both(everyday, bourneBuiltins, [
    ["trap -- 'rm -rf ~' EXIT", 'deny'],
    ['trap "$X" EXIT', 'ask'],
    ["mapfile -C 'rm -rf ~' -c 1 x < /dev/null", 'deny'],
    ["readarray -C 'curl x.example' -c 1 x < /dev/null", 'deny'],
    ['hash -p ./evil ls; ls', 'ask'],
    ['enable -f ./x.so ls', 'ask'],
  ]),
  ...both(everyday, unsloth7483, [
    ["sed -n '1e rm -rf ~' README", 'deny'],
    ["sed 's/.*/id/e' README", 'ask'],
    ["sed -ne 's/x/y/p' -e '1e curl x.example' README", 'deny'],
  ]),
  ...both(everyday, agentscope2747, [
    ["sed -e 's/a/b/' -e '/x/w ~/.ssh/authorized_keys' notes.txt", 'ask'],
  ]),
  ...both(everyday, sedManual, [
    ["sed ':a;e rm -rf ~' README", 'deny'],
    ['sed -f script.sed README', 'ask'],
    ['sed "$SCRIPT" README', 'ask'],
    ["sed 's/x/y/' README $X", 'ask'],
  ]),
  ...both(everyday, dcg399, [
    ['awk \'BEGIN{ system("rm -rf ~") }\'', 'deny'],
    ['awk \'BEGIN{ print "x" | "rm -rf ~" }\'', 'ask'],
  ]),
  ...both(everyday, qwen1601, [
    ['awk \'{ print > "/etc/passwd" }\' f', 'ask'],
    ['awk \'BEGIN { "id" | getline x }\'', 'ask'],
    ['awk -f prog.awk f', 'ask'],
  ]),
  ...both(everyday, antseed660, [["find . -fprintf /tmp/x '%p'", 'ask']]),
  ...both(everyday, awkManual, [['gawk \'@load "filefuncs"; BEGIN{}\'', 'ask']]),
  ...both(everyday, tarManual, [
    ["tar --to-command='rm -rf ~' -xf a.tar", 'deny'],
    ["tar --checkpoint=1 --checkpoint-action=exec='sh x.sh' -cf a.tar .", 'ask'],
    ["tar -I 'sh x.sh' -xf a.tar", 'ask'],
    ["tar --to-com='sh x.sh' -xf a.tar", 'ask'],
    ["rsync -e 'sh x.sh' a b:c", 'ask'],
    ['rsync --rsh=x a b:c', 'ask'],
  ]),
  ...both(everyday, gitAliases, [
    ['git -c core.pager="rm -rf ~" log', 'ask'],
    ['git -c alias.x="!rm -rf ~" x', 'ask'],
    ['git --exec-path=./evil status', 'ask'],
    ['git x', 'ask'],
    ['git $S', 'ask'],
    ["git rebase -x 'rm -rf ~' HEAD~1", 'deny'],
    ['git config alias.st "!sh x.sh"', 'ask'],
  ]),
  // Wrappers the tables know are stripped; a program they do not know that names a denied one
  // is "possibly denied".
  ...both(everyday, claudePermissions, [
    ['setsid rm -rf ~', 'deny'],
    ['ionice -c3 rm -rf ~', 'deny'],
    ['taskset 1 rm -rf ~', 'deny'],
    ['flock /tmp/l rm -rf ~', 'deny'],
    ["flock /tmp/l -c 'rm -rf ~'", 'deny'],
    ['sudo -Eu root rm -rf ~', 'deny'],
    ['sudo -s rm -rf ~', 'deny'],
    ['chroot / rm -rf ~', 'deny'],
    ['strace -f rm -rf ~', 'ask'],
    ['mytool --flag rm -rf ~', 'ask'],
    ["ssh host 'rm -rf ~'", 'ask'],
    ['xargs -I % rm % < list', 'deny'],
    ['echo rm | xargs -I X X -rf ~', 'ask'],
  ]),
  // Lines bash partly runs, and lines too long to read: never allowed, whatever the mode.
  ...both(everyday, claudePermissions, [
    ['rm -rf ~\n(', 'deny'],
    ['echo ok\n(', 'ask'],
    ['echo ok\nif true; then\n  rm -rf ~\n', 'deny'],
    [`echo ${'x'.repeat(100_001)}`, 'ask'],
    [`echo ok; ${' '.repeat(100_000)}rm -rf ~`, 'ask'],
  ]),
  // cd moves the base of later relative paths; tildes and $HOME as bash expands them.
  ...both(everyday, dirge280, [
    ['cd /etc && echo x > passwd', 'deny'],
    ['cd ~/.ssh; cat < id_rsa', 'deny'],
    ['cd $DIR && echo x > f', 'ask'],
    ['cd - && echo x > f', 'ask'],
  ]),
  ...both(everyday, dcg480, [
    ['cd ~/.ssh && echo x > authorized_keys', 'deny'],
    ['cd ~ && cd .ssh && echo x > authorized_keys', 'deny'],
    ['cd /home/user/.ssh && cat < id_rsa', 'deny'],
  ]),
  ...both(everyday, tilde, [
    ['echo x > ~/.ssh/authorized_keys', 'deny'],
    ['echo x > "$HOME/.ssh/authorized_keys"', 'deny'],
    ['echo x > ${HOME}/.ssh/k', 'deny'],
    ['echo x > ~root/.ssh/authorized_keys', 'ask'],
    ['echo x > ~+/../../etc/passwd', 'deny'],
    ['echo x > ~-/passwd', 'ask'],
    ['echo x > /etc/pass*', 'ask'],
  ]),
  ...both(everyday, opencode32628, [
    ['echo x >> ~/.ssh/authorized_keys', 'deny'],
    ['echo x <> /etc/hosts', 'deny'],
    ['echo x >& /etc/hosts', 'deny'],
    ['echo x >& $F', 'ask'],
    ['ln -s /etc/passwd p; echo x > p', 'ask'],
    ['mv /tmp/l src/l; echo x > src/l', 'ask'],
  ]),
  // Paths through links on disk: a dangling link's target, `..` after a link.
  ...both(
    everyday,
    dirge280,
    [
      ['echo x > src/dangling', 'deny'],
      ['echo x > src/escape/../etc/passwd', 'deny'],
      ['echo x > src/escape/new/../passwd', 'deny'],
      ['cd src/escape && echo x > passwd', 'deny'],
    ],
    { onDisk: true },
  ),
  // Modes: the asks above stay asks in bypassPermissions; only "no rule matched" is allowed.
  {
    line: 'npm publish',
    rules: everyday,
    expected: 'allow',
    source: claudePermissions,
    mode: 'bypassPermissions',
  },
  {
    line: 'npm publish',
    rules: { ask: ['Bash(npm publish *)'] },
    expected: 'ask',
    source: claudePermissions,
    mode: 'bypassPermissions',
  },
  {
    line: 'echo $(id)',
    rules: everyday,
    expected: 'deny',
    source: claudePermissions,
    mode: 'dontAsk',
  },
  { line: 'git x', rules: everyday, expected: 'deny', source: claudePermissions, mode: 'dontAsk' },
]
