import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { BrowserContext } from 'playwright-core'

/**
 * The system's Chromium (Debian's `chromium` package, which scripts/test.sh installs when it is
 * missing), or the one `CHROMIUM_PATH` names. playwright-core drives it; nothing downloads a
 * browser.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** A headless Chromium with a fresh profile, and a way to close it and remove the profile. */
export async function launchChromium(): Promise<{
  context: BrowserContext
  close: () => Promise<void>
}> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `no Chromium at ${chromiumPath}: install Debian's package (apt-get install -y chromium; scripts/test.sh does it) or set CHROMIUM_PATH`,
    )
  }
  const profile = await mkdtemp(join(tmpdir(), 'agent-loop-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1000, height: 780 },
    colorScheme: 'light',
  })
  return {
    context,
    close: async () => {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}
