import { test as base, type Browser, type BrowserContext } from '@playwright/test'
import { appContentSecurityPolicy } from '../../web/core/http/appContentSecurityPolicy'

// Every spec imports `test` and `expect` from here (an ESLint rule keeps it so): Playwright's, with
// the app's Content-Security-Policy watched on every page of every context a test opens.
export * from '@playwright/test'

/** What the page reports of each `securitypolicyviolation` event (in every frame), as a console line. */
const MARK = '[quire-csp-violation]'
const REPORT_VIOLATIONS = `addEventListener('securitypolicyviolation', (event) => {
  console.error(${JSON.stringify(MARK)} + JSON.stringify({
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: event.sourceFile + ':' + event.lineNumber,
    sample: event.sample,
    policy: event.originalPolicy,
  }))
})`

/**
 * The app's directives (the hash does not matter: a directive is matched by its name and sources up to
 * it). A plugin's frame enforces its own policy as well as the app's (a srcdoc frame inherits it), and
 * tests make plugins try what their frame forbids: only violations of the app's policy count.
 */
const APP_DIRECTIVES = appContentSecurityPolicy('', 'header')
  .split('; ')
  .map((directive) => directive.replace(/ 'sha256-'$/, ''))

function isAppPolicy(policy: string): boolean {
  return policy.includes("object-src 'none'") && policy.startsWith("default-src 'self'")
}

/** A Chromium console line about a CSP refusal quotes the directive it broke. */
function brokeAppDirective(text: string): boolean {
  const quoted = /Content Security Policy directive: "([^"]*)"/.exec(text)?.[1]
  return quoted !== undefined && APP_DIRECTIVES.some((directive) => quoted.startsWith(directive))
}

const watched = new WeakSet<BrowserContext>()

async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return
  watched.add(context)
  context.on('console', (message) => {
    const text = message.text()
    if (text.startsWith(MARK)) {
      const report = JSON.parse(text.slice(MARK.length)) as { policy: string }
      if (isAppPolicy(report.policy)) violations.push(`${message.page()?.url() ?? ''}: ${text}`)
    } else if (message.type() === 'error' && brokeAppDirective(text)) {
      violations.push(`${message.page()?.url() ?? ''}: ${text}`)
    }
  })
  await context.addInitScript({ content: REPORT_VIOLATIONS })
}

interface CspFixtures {
  /** Violations of the app's CSP seen so far in this test (the test fails if any remain at its end). */
  cspViolations: string[]
  /** Set true by a test that provokes violations on purpose (and checks `cspViolations` itself). */
  expectCspViolations: boolean
}

export const test = base.extend<CspFixtures>({
  expectCspViolations: [false, { option: true }],
  cspViolations: [
    async ({ browser, expectCspViolations }, use) => {
      const violations: string[] = []
      // Contexts a test opens itself (browser.newContext, browser.newPage) are watched too.
      const own = browser as Browser & { newContext: Browser['newContext'] }
      const newContext = own.newContext
      own.newContext = async (...args) => {
        const context = await newContext.apply(browser, args)
        await watch(context, violations)
        return context
      }
      try {
        await use(violations)
      } finally {
        own.newContext = newContext
      }
      if (!expectCspViolations && violations.length > 0)
        throw new Error(`The app's Content-Security-Policy was violated:\n${violations.join('\n')}`)
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watch(context, cspViolations)
    await use(context)
  },
})
