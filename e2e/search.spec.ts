import { expect, test } from './support/test'
import { SearchPage } from './pages/SearchPage'
import { openApp } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'

test('searching a collection shows the passage, its source, the intent and the method', async ({ page }) => {
  await openApp(page)
  await seedNotesCollection(page, 'Harbour')
  const search = new SearchPage(page)
  await search.open()
  await expect(page.getByText(/Type a question or a few words/)).toBeVisible()

  await search.search({ query: 'Where did the oystercatchers nest?', collection: 'Harbour' })

  await expect(search.summary).toContainText('Hybrid (keywords + vectors)')
  await expect(search.summary).toContainText(/Retrieval|Chat|Listing|Comparison|Clarification/)
  await expect(search.summary).toContainText('% confidence')
  await expect(search.summary).toContainText('Where did the oystercatchers nest?')
  const first = search.results.first()
  await expect(first).toContainText('raised two chicks')
  await expect(first.getByRole('heading')).toContainText('Birds')
  await expect(first).toContainText('harbour.md')
  await expect(first).toContainText(/Score \d+%/)
  await expect(first.locator('mark', { hasText: 'oystercatchers' })).toBeVisible()

  // The search is in the URL: a reload shows it again, with the form filled in.
  await expect(page).toHaveURL(/q=Where/)
  await page.reload()
  await expect(search.results.first()).toContainText('raised two chicks')
  await expect(page.getByLabel('Query')).toHaveValue('Where did the oystercatchers nest?')
  await expect(page.getByLabel('Collection')).toHaveValue(/[0-9a-f-]{36}/)

  // Vectors only, then a query nothing matches.
  await search.search({ query: 'oystercatchers', hybrid: false })
  await expect(search.summary).toContainText('Vectors only')
  await search.search({ query: 'zebra xylophone quasar', hybrid: true })
  await expect(page.getByText('No passages matched')).toBeVisible()
  await expect(search.results).toHaveCount(0)
})
