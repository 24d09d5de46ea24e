import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../cli/__fixtures__/chromium.js'
import { startDemo, temporaryFolder } from '../cli/__fixtures__/cli-harness.js'
import type { RunningDemo } from '../cli/__fixtures__/cli-harness.js'
import { readSessionLog } from '../session/read-session-log.js'
import type { SessionEvent } from '../session/session-event.js'

const pageAddress = /open (http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/) in a browser/

/** What went wrong in the page: console errors, uncaught errors, failed requests, dialogs. */
function watch(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`))
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return problems
}

/** The call whose ask was answered `answer` (`allowed`, `denied`). */
const callWith = (page: Page, answer: string) =>
  page.locator('.call').filter({ has: page.locator(`.answer.${answer}`) })

/**
 * The first ask: step 5's `wc`, which no rule of the sandbox names, pending, with the three
 * buttons, and the cards before it; it has not run. Gives the call the ask is on.
 */
async function expectFirstAsk(page: Page, logPath: string): Promise<Locator> {
  // The `rm` before it was denied by rule, without asking.
  const ask = page.locator('.call').filter({ has: page.locator('.ask') })
  await ask.waitFor()
  await expect
    .poll(() => ask.locator('.tp-card.tp-pending .tp-title').textContent())
    .toBe('$wc -l greet.js test.js')
  expect(await ask.locator('.ask-question').textContent()).toBe(
    'Run `wc -l greet.js test.js` in the sandbox?',
  )
  expect(await ask.locator('button').allTextContents()).toEqual(['Allow once', 'Always', 'Reject'])
  // The cards before it came in: step 1's `ls` ran, and its output lists the project.
  const ls = page.locator('.tp-card-terminal.tp-done', { hasText: '$ls' })
  expect(await ls.locator('.tp-terminal').textContent()).toContain('greet.js')
  // Steps 1 to 5 made ten calls so far (step 2's two: the handbook lookup the search found, the
  // invalid read): one card each, the completed card in the pending one's place.
  expect(await page.locator('.tp-card').count()).toBe(10)
  expect(await page.locator('.tp-card.tp-pending').count()).toBe(1)
  const beforeAllow = await readSessionLog(logPath)
  expect(
    beforeAllow.filter(
      (event) =>
        event.type === 'tool/result' && event.name === 'run_shell' && event.callId === 'call_5_2',
    ),
  ).toEqual([])
  return ask
}

/** Allow once: the result card takes the pending card's place, and the test run follows. */
async function allowOnce(page: Page, ask: Locator): Promise<void> {
  await ask.getByRole('button', { name: 'Allow once' }).click()
  // Its result card takes the pending card's place: wc ran.
  const allowed = callWith(page, 'allowed')
  await allowed.locator('.tp-card.tp-done').waitFor()
  expect(await allowed.locator('.answer').textContent()).toBe(
    'allowed once · answered in the web page',
  )
  expect(await allowed.locator('.tp-badge-ok').textContent()).toBe('exit 0')
  // The test run after it is allowed by the sandbox's rule: it ran unasked, and failed.
  const testRun = page.locator('.tp-card-terminal.tp-failed', { hasText: '$node test.js' })
  await testRun.first().waitFor()
  expect(await testRun.first().locator('.tp-terminal').textContent()).toContain('FAIL')
}

/**
 * The second ask, step 10's wc, after the edit of greet.js (a diff card) and the test run; the
 * screenshot of the page is taken there. Gives the call the ask is on.
 */
async function expectSecondAsk(page: Page, folder: string): Promise<Locator> {
  const second = page.locator('.call').filter({ has: page.locator('.ask') })
  await second.waitFor()
  const diff = page.locator('.tp-card-diff.tp-done', { hasText: 'Edit greet.js' })
  await diff.scrollIntoViewIfNeeded()
  expect(await diff.locator('tr.tp-add .tp-code').textContent()).toBe('  return `Hello, ${name}!`')
  expect(await diff.locator('tr.tp-del .tp-code').textContent()).toBe("  return 'Hi ' + name")
  await page.mouse.wheel(0, 120)
  const screenshot = process.env.WEB_DEMO_SCREENSHOT ?? join(folder, 'web-demo.png')
  await page.screenshot({ path: resolve(screenshot) })
  return second
}

/** Reject: the call fails with APPROVAL_REJECTED, and the run ends with the model's answer. */
async function rejectToTheEnd(page: Page, second: Locator): Promise<void> {
  await second.getByRole('button', { name: 'Reject' }).click()
  const rejected = callWith(page, 'denied')
  await rejected.locator('.tp-card.tp-failed').waitFor()
  expect(await rejected.locator('.tp-badge-fail').textContent()).toBe('APPROVAL_REJECTED')
  expect(await rejected.locator('.tp-title').textContent()).toBe('$wc -l greet.js')
  await page.locator('.end').waitFor()
  expect(await page.locator('.end').textContent()).toBe('end: the model answered after 14 steps')
  expect(await page.locator('#status').textContent()).toBe('the run is over')
  // Step 11's read of the minified bundle, blocked after it ran by a tools/post-execute listener.
  const blocked = page.locator('.tp-card.tp-failed', { hasText: 'Read dist/greet.min.js' })
  expect(await blocked.locator('.tp-badge-fail').textContent()).toBe('POST_BLOCKED')
  expect(await page.locator('.bubble.assistant').last().textContent()).toContain(
    'Fixed: greet() now returns',
  )
}

/** The page holds no script but its own, links only to http(s), and lets no markup in around Trusted Types. */
async function expectPageSafe(page: Page, problems: readonly string[]): Promise<void> {
  expect(await page.locator('script').count()).toBe(1)
  for (const link of await page.locator('a').all()) {
    expect(await link.getAttribute('href')).toMatch(/^https?:/)
  }
  // Markup reaches the DOM only through the page's Trusted Types policy.
  const assignment =
    "try { document.body.innerHTML = '<b>x</b>'; 'assigned' } catch (error) { error.name }"
  expect(await page.evaluate(assignment)).toBe('TypeError')
  expect(problems.filter((problem) => !problem.includes('TrustedHTML'))).toEqual([])
}

/** The session log agrees: the first wc allowed once, the second rejected, both in the page. */
async function expectAnswersLogged(logPath: string): Promise<void> {
  const events: SessionEvent[] = await readSessionLog(logPath)
  const approvals = events.filter((event) => event.type === 'approval')
  expect(
    approvals.map(({ callId, outcome, answeredBy }) => ({ callId, outcome, answeredBy })),
  ).toEqual([
    { callId: 'call_5_2', outcome: 'allowed-once', answeredBy: 'web page' },
    { callId: 'call_10_3', outcome: 'rejected', answeredBy: 'web page' },
  ])
  const results = events.filter(
    (event) => event.type === 'tool/result' && event.name === 'run_shell',
  )
  expect(
    results.map(
      (event) =>
        event.type === 'tool/result' && [
          event.callId,
          event.result.error?.code ?? event.result.meta,
        ],
    ),
  ).toEqual([
    ['call_1_1', { exitCode: 0 }],
    ['call_4_1', 'POLICY_DENIED'],
    ['call_5_1', 'POLICY_DENIED'],
    ['call_5_2', { exitCode: 0 }],
    ['call_5_3', { exitCode: 1 }],
    ['call_10_2', { exitCode: 0 }],
    ['call_10_3', 'APPROVAL_REJECTED'],
    // Step 12's long `cat server.log`, cut to run_shell's budget (allowed by rule: nobody asked).
    ['call_12_1', { exitCode: 0 }],
    // Step 13's node one-liner (allowed by rule), whose write the OS sandbox stopped.
    ['call_13_1', { exitCode: 1 }],
  ])
}

describe('pnpm demo -- --web, in a real headless Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let folder: Awaited<ReturnType<typeof temporaryFolder>>
  let demo: RunningDemo | undefined

  beforeAll(async () => {
    browser = await launchChromium()
    folder = await temporaryFolder()
  })
  afterEach(async () => {
    await demo?.interrupt()
    demo = undefined
  })
  afterAll(async () => {
    await browser.close()
    await folder.remove()
  })

  const start = async (name: string): Promise<{ page: Page; url: string; logPath: string }> => {
    const logPath = join(folder.path, `${name}.jsonl`)
    demo = startDemo(['--web', '--sandbox', join(folder.path, name), '--log', logPath])
    const [, url = ''] = await demo.waitFor(pageAddress)
    const page = await browser.context.newPage()
    return { page, url, logPath }
  }
  it('shows the cards as they come; Allow once runs the pending command, Reject denies it', async () => {
    const { page, url, logPath } = await start('allow-reject')
    const problems = watch(page)
    const response = await page.goto(url)
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    await allowOnce(page, await expectFirstAsk(page, logPath))
    await rejectToTheEnd(page, await expectSecondAsk(page, folder.path))
    await expectPageSafe(page, problems)
    await expectAnswersLogged(logPath)
    await page.close()
    const running = demo
    expect(running?.stdout()).toContain('stays up until Ctrl+C')
    expect(await running?.interrupt()).toBe(0)
  })

  it('Always runs the call and writes a rule, which lets the next wc run without asking', async () => {
    const { page, url, logPath } = await start('always')
    const problems = watch(page)
    await page.goto(url)
    const ask = page.locator('.call').filter({ has: page.locator('.ask') })
    await ask.getByRole('button', { name: 'Always' }).click()
    await page.locator('.end').waitFor()
    // The answer became the rule Bash(wc *): the second wc ran, and nobody was asked again.
    const secondCount = page.locator('.tp-card-terminal.tp-done', { hasText: '$wc -l greet.js' })
    expect(await secondCount.last().locator('.tp-badge-ok').textContent()).toBe('exit 0')
    expect(await page.locator('.ask').count()).toBe(0)
    expect(problems).toEqual([])
    const approvals = (await readSessionLog(logPath)).filter((event) => event.type === 'approval')
    expect(approvals.map(({ outcome, answeredBy }) => [outcome, answeredBy])).toEqual([
      ['allowed-always', 'web page'],
    ])
    await page.close()
  })

  it('keeps a small PNG screenshot of the page in the README', async () => {
    // Written by the first test with WEB_DEMO_SCREENSHOT=web-demo.png (see the README).
    const png = await readFile(new URL('../../web-demo.png', import.meta.url))
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    )
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1000, 780])
    expect(png.length).toBeLessThan(250_000)
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain('](web-demo.png)')
  })
})
