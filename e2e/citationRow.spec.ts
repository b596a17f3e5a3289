import { join } from 'node:path'
import { SYNC_PORT } from '../playwright.config'
import { expect, test } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { ChatPage } from './pages/ChatPage'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
// Amcor's results for its 2023 fourth quarter (financebench): 14 pages of tables.
const REPORT = 'AMCOR_2023Q4_EARNINGS.pdf'

// On the offline browser host (the static server, no API) and on the sync server's origin.
for (const host of ['static', 'server'] as const) {
  test.describe(`on the ${host} origin`, () => {
    if (host === 'server') test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })
    test('a citation in a table marks the row the answer read, not the whole table; a refusal’s passages open at their page', async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(180_000))
      await page.setViewportSize({ width: 1440, height: 900 })
      await openApp(page, '/collections')
      await new CollectionsPage(page).create({ name: 'Results', description: 'Quarterly results' })
      const collection = new CollectionPage(page)
      await collection.open('Results')
      await collection.upload([join(corpus, 'qa/financebench-dev/pdfs', REPORT)])
      await collection.waitForStatus(REPORT, 'completed', 120_000)

      const chat = new ChatPage(page)
      await chat.open()
      await chat.newChat('Results')
      // The extractive answer reads the table's "Adjusted EBITDA, EBIT, Net income and EPS" row.
      await chat.ask('What was the EBITDA?')
      const answer = chat.assistantMessages().last()
      await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible({
        timeout: scaledTimeout(30_000),
      })
      await answer.locator('button.citation-chip').first().click()
      const marks = chat.sourcePanel.locator('.chat-pdf-mark')
      await expect(marks.first()).toBeAttached({ timeout: scaledTimeout(30_000) })
      // The passage is the whole table (its header, eight rows); the answer read one row of it: that row,
      // and only it, is marked (each mark is a cell of it, on one baseline).
      await expect(chat.sourcePanel.getByLabel('Passage text')).toContainText('% currency impact')
      const tops = await marks.evaluateAll((all) =>
        all.map((mark) => Math.round(parseFloat((mark as HTMLElement).style.top))),
      )
      expect(tops.length).toBeGreaterThan(1)
      expect(new Set(tops).size).toBe(1)
      await page.screenshot({ path: `e2e/output/issue40/citation-row-${host}-1440.png` })

      // A refusal (a name no page of the report holds) lists the passages it searched, each opening the
      // PDF at its page.
      await chat.ask('What did the Amcor CEO say about Mars?')
      const refusal = chat.assistantMessages().last()
      await expect(refusal).toContainText(
        'The documents do not answer “What did the Amcor CEO say about Mars”',
        {
          timeout: scaledTimeout(30_000),
        },
      )
      await expect(refusal.getByRole('button', { name: 'Regenerate' })).toBeVisible({
        timeout: scaledTimeout(30_000),
      })
      const searched = chat.searchedPassages(refusal)
      await searched.locator('summary').click()
      const open = searched.getByRole('button', {
        name: /^Open source 1: AMCOR_2023Q4_EARNINGS\.pdf, page \d+$/,
      })
      const pageNumber = /page (\d+)$/.exec((await open.getAttribute('aria-label')) ?? '')?.[1]
      await open.click()
      await expect(
        chat.sourcePanel.getByRole('img', { name: new RegExp(`^Page ${pageNumber} of the PDF`) }),
      ).toBeVisible({
        timeout: scaledTimeout(30_000),
      })
    })
  })
}
