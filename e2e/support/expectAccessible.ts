import axe from 'axe-core'
import { expect, type Frame, type Page } from '@playwright/test'

/** What axe adds to a frame's window once its source is evaluated there. */
type AxeWindow = typeof globalThis & { axe?: typeof axe }

/** An axe context as it crosses into a frame (axe's own type is too deep for Playwright's `evaluate`). */
type Context = { include: unknown[]; exclude: unknown[] } | Record<string, unknown>

// WCAG 2.1 A and AA. Only violations are read, so axe collects no nodes for what passes (a sixth to a
// fifth of a check's time on the Settings screen).
const OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
}

/** axe's source, evaluated in a frame once: a screen checked again (same document) reuses it. */
async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe === 'object')) return
  await frame.evaluate(axe.source)
}

/** A frame that never answers (one still loading, say) is left out after a while, not waited on. */
const FRAME_WAIT_MS = 5_000

function withinFrameWait<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the frame did not answer')), FRAME_WAIT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * axe's partial results for a frame and, depth first, the frames inside it, each checked in its own
 * document whatever its origin (a plugin's sandboxed frame included). A frame that cannot be checked
 * (gone, or never loaded) leaves `null` in its place, which axe's finishRun expects; the page's own
 * failure fails the check.
 */
async function partials(frame: Frame, context: Context, top: boolean): Promise<unknown[]> {
  try {
    await (top ? inject(frame) : withinFrameWait(inject(frame)))
    const frames = await frame.evaluate(
      (ctx) =>
        (window as AxeWindow).axe!.utils.getFrameContexts(ctx as axe.ElementContext) as unknown as {
          frameSelector: string
          frameContext: Context
        }[],
      context,
    )
    const own = await frame.evaluate(
      ([ctx, options]) => (window as AxeWindow).axe!.runPartial(ctx as axe.ElementContext, options),
      [context, OPTIONS] as const,
    )
    const children: unknown[] = []
    for (const { frameSelector, frameContext } of frames) {
      const element = await frame
        .evaluateHandle(
          (selector) => (window as AxeWindow).axe!.utils.shadowSelect(selector as axe.CrossTreeSelector),
          frameSelector,
        )
        .then((handle) => handle.asElement())
        .catch(() => null)
      const child = await element?.contentFrame().catch(() => null)
      children.push(...(child ? await partials(child, frameContext, false) : [null]))
    }
    return [own, ...children]
  } catch (error) {
    if (top) throw error
    return [null]
  }
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, listing each rule with the first elements it found. Each frame is checked in
 * its own document (axe's runPartial), and the results are put together in the page itself: axe's
 * Playwright package does that in a new blank page each time, which doubled the cost of a check (a
 * page opened, axe compiled there again, every result sent there and back).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await partials(page.mainFrame(), { include: [], exclude: [] }, true)
  const { violations } = await page.evaluate(
    ([all, options]) => (window as AxeWindow).axe!.finishRun(all as axe.PartialResults, options),
    [results, OPTIONS] as const,
  )
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
  expect(blocking, `accessibility of ${screen}`).toEqual([])
}

/**
 * Switches the system's colour scheme on an open page, as a person's system does at dusk, and waits until
 * the app follows it (its theme left to the system, it hears the media query's change event). A page
 * whose theme a person chose does not follow: checking it "in both themes" would check one twice.
 */
export async function switchColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
}

/** `expectAccessible` in the light and then the dark colour scheme; the page is left light. */
export async function expectAccessibleInBothThemes(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme)
    await expectAccessible(page, `${screen}, ${colorScheme}`)
  }
  await switchColorScheme(page, 'light')
}
