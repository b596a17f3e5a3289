import { expect, test } from './support/test'
import { appShellSize } from '../bench/lib/appShellSize'
import { APP_SHELL_BUDGET_KB } from '../bench/web'

// Heavy libraries (pdf.js, transformers.js, WebLLM, the parsers) load lazily: what a first visit needs
// before the app runs stays within the budget. `npm run bench web` reports the same figure.
test(`the app shell is at most ${APP_SHELL_BUDGET_KB} KB of gzipped JavaScript`, () => {
  const shell = appShellSize('dist')
  expect(shell.files.length).toBeGreaterThan(0)
  expect(shell.files.join(' ')).not.toMatch(/pdf|transformers|webLlm|ort-wasm/i)
  expect(shell.gzip_bytes / 1024).toBeLessThanOrEqual(APP_SHELL_BUDGET_KB)
})
