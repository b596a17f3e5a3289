import { expect, test } from './support/test'
import { expectAccessibleInBothThemes } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const NOTES = `# Field notes\n\n## Tides\n\nThe spring tide at the northern jetty reached 4.2 metres on the third morning.\n`

/**
 * Every screen, with some data on it, at desktop and phone widths, each in both themes: the system's
 * colour scheme is switched on the open screen (the app follows it at once): the same checks as opening
 * the app and each screen again in the other scheme, without the cost of doing so.
 */
for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`no serious or critical accessibility violations, light and dark: ${width}px`, async ({ page }) => {
    test.setTimeout(scaledTimeout(120_000))
    await page.setViewportSize({ width, height })
    await openApp(page)
    const collectionId = await page.evaluate(async (notes) => {
      const response = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Field notes', description: 'Tides and birds', color: '#2f855a' }),
      })
      const collection = (await response.json()) as { id: string }
      const form = new FormData()
      form.set('collection_id', collection.id)
      form.set('file', new File([notes], 'notes.md', { type: 'text/markdown' }))
      await fetch('/api/documents/', { method: 'POST', body: form })
      return collection.id
    }, NOTES)

    const screens: Array<[string, string, string]> = [
      ['/collections', 'Collections', 'Collections'],
      [`/collections/${collectionId}`, 'Field notes', 'a collection'],
      ['/chat', 'Chat', 'Chat'],
      ['/conversations', 'Chat', 'Conversations, now on Chat'],
      ['/search?q=spring+tide', 'Search', 'Search'],
      ['/evaluation', 'Evaluation', 'Evaluation'],
      ['/plugins', 'Plugins', 'Plugins'],
      ['/settings', 'Settings', 'Settings'],
      ['/docs', 'API explorer', 'the API explorer'],
    ]
    for (const [path, heading, screen] of screens) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await expectAccessibleInBothThemes(page, `${screen} (${width}px)`)
      // Responsive: nothing wider than the window, so no page scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `horizontal overflow of ${screen} at ${width}px`).toBeLessThanOrEqual(0)
    }
  })
}
