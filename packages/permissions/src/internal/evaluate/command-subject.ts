import { resolve } from 'node:path'
import type { CommandExplanation } from '../../explanation.js'
import type { Subject } from '@toolpipe/tools'
import { analyzeShell } from '../shell/analyze-shell.js'
import type { ShellAnalysis, ShellRedirect, SimpleCommand } from '../shell/analyze-shell.js'
import { shownCommand } from '../shell/command-text.js'
import { harmlessRedirectTargets } from '../security-tables.js'
import type { CallItems } from './call-items.js'
import { callVerdict, commandVerdict } from './claude-verdicts.js'
import { ruleField } from './evaluation-context.js'
import type { Final, Item } from './final-decision.js'
import { geminiVerdict } from './gemini-verdict.js'
import { shellPathPlaces, workingDirectories } from './path-candidates.js'
import { repositoryThroughLinks } from './repository-links.js'
import { stricter } from './verdict.js'
import type { Verdict } from './verdict.js'

/** Distinct redirection targets judged in one line; more ask (SPEC §26, bounded work). */
const maxFilesJudged = 500

/**
 * Paths looked up on disk for one line's redirections: each relative file from every place `cd`
 * may have led (64 places × 400 files took 200 ms); more ask (SPEC §26: ≤ 50 ms for any line).
 */
const maxPathsResolved = 1_000

/** What judging one command subject gives. */
export interface JudgedCommand {
  readonly analysis: ShellAnalysis
  readonly finals: readonly Final[]
  readonly commands: readonly CommandExplanation[]
  /** Its redirections, as edit and read subjects with their decisions. */
  readonly redirects: readonly JudgedRedirect[]
}

/** One redirection's file, as judged. */
export interface JudgedRedirect {
  readonly kind: 'read' | 'edit'
  /**
   * The file (`…` when known only when it runs): where the line's `cd` commands lead, read in
   * order, when they leave it more than one place (see `places`).
   */
  readonly path: string
  /**
   * Every place the file may be (each `cd` may or may not have run, SPEC §26) when there is more
   * than one; empty when the file is certain. Its decision covers each.
   */
  readonly places: readonly string[]
  readonly final: Final
}

/**
 * One command subject (SPEC §18.2, §26): the line parsed; each simple command judged by the
 * Claude-style and the Gemini rules (stricter wins), the whole line by Gemini's too; what hides
 * a command or cannot be read asks; each redirection is an edit (or read) subject, its path
 * resolved from every place `cd` may have moved to, unknown when it cannot be.
 */
export function judgeCommand(
  subject: Extract<Subject, { kind: 'command' }>,
  items: CallItems,
): JudgedCommand {
  const { rules, parser } = items.context
  const analysis = analyzeShell(parser, subject.command)
  const finals: Final[] = []
  const record = (item: Item): Final => {
    const final = items.decide(item)
    finals.push(final)
    return final
  }
  if (analysis.unparseable !== undefined) {
    record({
      verdict: {
        decision: 'ask',
        basis: 'cannot-read',
        reason: `the command line cannot be parsed: ${analysis.unparseable}`,
      },
    })
  }
  if (rules.gemini.length > 0) {
    const whole = geminiVerdict(rules.gemini, items.gemini, { kind: 'line', line: subject.command })
    if (whole !== undefined) record({ verdict: whole })
  }
  const commands = analysis.commands.map((command) =>
    explainCommand(command, record(simpleCommandItem(command, analysis, items))),
  )
  if (analysis.hidingConstructs.length > 0) {
    record({
      verdict: {
        decision: 'ask',
        basis: 'hidden-command',
        reason: `no rule may allow ${analysis.hidingConstructs.join(', ')}: it hides a command from the rules`,
      },
    })
  }
  if (analysis.commands.length === 0 && analysis.unparseable === undefined) {
    record({ verdict: callVerdict(items.facts.arguments, items.target, rules) })
  }
  // A subject's own working directory, relative ones from the plugin's (SPEC §18.1).
  const base =
    subject.cwd === undefined ? items.context.cwd : resolve(items.context.cwd, subject.cwd)
  const { home } = items.context
  const bases = workingDirectories(base, analysis.directoryMoves, home, analysis.movesMayRepeat)
  const repository = repositoryThroughLinks(analysis, base, bases, home)
  if (repository !== undefined) {
    const reason = `no rule may allow ${repository}: it hides a command from the rules`
    record({ verdict: { decision: 'ask', basis: 'hidden-command', reason } })
  }
  const redirects = judgeRedirects(analysis, bases, items)
  return { analysis, finals, commands, redirects }
}

/**
 * One simple command as an item: the Claude-style verdict and the Gemini one, the stricter
 * winning. A nested command (from `sh -c`, `eval`) is read by deny and ask rules only: no allow
 * of either family decides it.
 */
function simpleCommandItem(
  command: SimpleCommand,
  analysis: ShellAnalysis,
  items: CallItems,
): Item {
  const { rules } = items.context
  const claude = commandVerdict(command, items.target, rules)
  const fromGemini =
    rules.gemini.length === 0
      ? undefined
      : geminiVerdict(rules.gemini, items.gemini, {
          kind: 'command',
          command: {
            allowText: command.allowText,
            denyTexts: command.denyTexts,
            argsJson: () => items.argsJsonWith(command.source),
            redirects: writesFiles(analysis),
            hidesCommand: analysis.hidingConstructs.length > 0,
          },
        })
  let verdict = stricter(
    claude,
    command.nested && fromGemini?.decision === 'allow' ? undefined : fromGemini,
  )
  if (command.nested && verdict?.decision === 'allow') verdict = undefined
  return { verdict, denyOnly: command.nested }
}

/** Whether the line writes a file through a redirection (`/dev/null` and its kind aside). */
function writesFiles(analysis: ShellAnalysis): boolean {
  return analysis.redirects.some(
    (redirect) =>
      redirect.kind === 'edit' && !harmlessRedirectTargets.has(redirect.target.literal ?? ''),
  )
}

function explainCommand(command: SimpleCommand, final: Final): CommandExplanation {
  return {
    command: shownCommand(command.source),
    decision: final.decision,
    basis: final.basis,
    ...ruleField(final.verdict),
    reason: final.reason,
  }
}

function judgeRedirects(
  analysis: ShellAnalysis,
  bases: readonly string[] | undefined,
  items: CallItems,
): JudgedRedirect[] {
  const { context } = items
  const judged: JudgedRedirect[] = []
  // A line may name one file many times (`> f > f > f`): each is judged once.
  const seen = new Set<string>()
  let resolved = 0
  for (const redirect of analysis.redirects) {
    const key = JSON.stringify([
      redirect.kind,
      redirect.nested,
      redirect.path,
      redirect.target.text,
    ])
    if (seen.has(key)) continue
    seen.add(key)
    resolved += redirect.path?.anchor === 'cwd' ? (bases?.length ?? 1) : 1
    if (seen.size > maxFilesJudged || resolved > maxPathsResolved) {
      const final = items.decide({ verdict: tooManyFiles(seen.size > maxFilesJudged) })
      judged.push({ kind: redirect.kind, path: '…', places: [], final })
      break
    }
    const path = redirect.path
    if (path?.anchor === 'absolute' && harmlessRedirectTargets.has(path.path)) continue
    const places =
      path === undefined || analysis.linksMade
        ? undefined
        : shellPathPlaces(path, bases, context.home)
    if (places === undefined || places.length === 0) {
      const final = unknownPath(redirect, items)
      if (final !== undefined) judged.push({ kind: redirect.kind, path: '…', places: [], final })
      continue
    }
    const item = items.pathItem(
      redirect.kind,
      candidatesOf(places),
      redirect.nested || redirect.kind === 'read',
    )
    if (item.denyOnly === true && item.verdict === undefined) continue
    judged.push({ kind: redirect.kind, ...fileOf(places), final: items.decide(item) })
  }
  return judged
}

/** A place a file may be: its path as written, normalised, and where its symlinks lead. */
interface Place {
  readonly lexical: string
  readonly physical: string
}

/** The paths rules read for a file: each place's lexical path and, where it differs, its physical one. */
function candidatesOf(places: readonly Place[]): string[] {
  const candidates = new Set<string>()
  for (const { lexical, physical } of places) candidates.add(lexical).add(physical)
  return [...candidates]
}

/**
 * How a redirection's file is shown and kept (SPEC §18.3, §26): one place (the same file however
 * it is reached) is the file; several — the line's `cd` commands may or may not have run — are
 * each a place it may be, shown as the last, where the `cd`s lead read in order.
 */
function fileOf(places: readonly Place[]): Pick<JudgedRedirect, 'path' | 'places'> {
  const files = new Set(places.map((place) => place.physical))
  const shown = files.size === 1 ? places[0] : places.at(-1)
  return {
    path: shown?.lexical ?? '…',
    places: files.size === 1 ? [] : [...new Set(places.map((place) => place.lexical))],
  }
}

/** The ask of a line that names more files than can be judged in bounded time. */
function tooManyFiles(files: boolean): Verdict {
  return {
    decision: 'ask',
    basis: 'cannot-read',
    reason: files
      ? `more than ${maxFilesJudged} files named in one line: too much to judge in bounded time`
      : `more than ${maxPathsResolved} paths to look up for the files this line names from the places its cd commands may lead: too much to judge in bounded time`,
  }
}

/**
 * A redirection whose file is known only when bash runs it (SPEC §26): where a path rule could
 * name it, it asks as possibly denied — never skipped; where none could, no rule matched it.
 */
function unknownPath(redirect: ShellRedirect, items: CallItems): Final | undefined {
  const { rules } = items.context
  const lists =
    redirect.kind === 'edit'
      ? [rules.deny.edit, rules.deny.read, rules.ask.edit]
      : [rules.deny.read, rules.ask.read]
  if (lists.some((list) => list.length > 0)) {
    return items.decide({
      verdict: {
        decision: 'ask',
        basis: 'possibly-denied',
        reason: `a redirection to a file known only when it runs, which a path rule may name`,
      },
    })
  }
  if (redirect.kind === 'read' || redirect.nested) return undefined
  return items.decide({ verdict: undefined })
}
