// Finds a Chromium for the browser tests, installing Debian's `chromium` package when it can.
// Playwright cannot download its own browser here, so the tests use a system Chromium
// (CHROMIUM_PATH, or the first of the usual paths).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium } from './findChromium.mjs'

const found = findChromium()
if (found) {
  console.log(`Chromium: ${found}`)
  process.exit(0)
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (hasApt) {
  const sudo = isRoot ? '' : existsSync('/usr/bin/sudo') ? 'sudo -n ' : null
  if (sudo !== null) {
    console.log('No Chromium found; installing Debian\'s "chromium" package…')
    try {
      execSync(
        `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
        {
          stdio: 'inherit',
        },
      )
    } catch {
      // Reported below with instructions.
    }
    const installed = findChromium()
    if (installed) {
      console.log(`Chromium: ${installed}`)
      process.exit(0)
    }
  }
}

console.error(`The browser tests need Chromium and none was found.
Install it, then run the tests again:
  Debian/Ubuntu:  sudo apt-get install chromium      (or chromium-browser)
  macOS:          brew install --cask chromium
  any system:     set CHROMIUM_PATH=/path/to/chrome-or-chromium`)
process.exit(1)
