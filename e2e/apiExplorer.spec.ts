import { expect, test } from './support/test'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The explorer on the in-browser API: a short page of closed tag groups, a search over every operation
// (path, method, summary, tag) with a count, and schemas as tables of fields.
test('the API explorer: groups closed, a search finds an operation by keyboard, its schema shown as a field table with the raw JSON behind a toggle', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(90_000))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page)
  // How many operations the document this origin serves lists: the count must say as many.
  const total = await page.evaluate(async () => {
    const document = (await (await fetch('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']
    return Object.values(document.paths).reduce(
      (sum, item) => sum + methods.filter((method) => item[method] !== undefined).length,
      0,
    )
  })
  expect(total).toBeGreaterThan(100)

  await page.getByRole('link', { name: 'API explorer' }).first().click()
  await expect(page.getByRole('heading', { name: 'API explorer', level: 1 })).toBeVisible()
  const search = page.getByRole('searchbox', { name: 'Search operations' })
  const count = page.locator('#op-search-count')
  await expect(count).toHaveText(new RegExp(`^${total} operations in \\d+ groups$`))
  // Every group closed: no operation shows, and the page is short.
  await expect(page.getByRole('heading', { name: 'Pages', level: 2 })).toBeVisible()
  await expect(page.locator('.operation-summary')).toHaveCount(0)
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height, 'the explorer with every group closed').toBeLessThan(4000)
  await expectAccessible(page, 'the API explorer, groups closed, light')

  // A group opens by keyboard on its own.
  await page.locator('.op-group-summary', { hasText: 'Pages' }).first().focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('details.operation', { hasText: 'Create a page' }).first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('.operation-summary')).toHaveCount(0)

  // Search, by keyboard: words in any order, across method, path and summary; the count follows.
  await search.focus()
  await page.keyboard.type('post pages create')
  await expect(count).toHaveText(new RegExp(`^1 of ${total} operations$`))
  const found = page.locator('details.operation')
  await expect(found).toHaveCount(1)
  await expect(found.locator('.operation-summary')).toContainText('/api/v1/pages')
  await expect(found.locator('.operation-summary')).toContainText('Create a page')
  await page.keyboard.press('Enter')
  await expect(found.locator('.operation-summary')).toBeFocused()
  await page.keyboard.press('Enter')

  // The request body as a table of fields, not raw JSON Schema.
  const fields = found.getByRole('table', { name: 'Request body schema fields' })
  await expect(fields.getByRole('columnheader')).toHaveText(['Field', 'Type', 'Required', 'Description'])
  const name = fields
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'name', exact: true }) })
  await expect(name.getByRole('cell')).toHaveText([/^string/, 'yes', /.*/])
  // A long pattern is folded behind its own disclosure.
  const segment = fields
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'route_segment', exact: true }) })
  const pattern = segment.locator('details.schema-pattern')
  await expect(pattern).not.toHaveAttribute('open')
  await expect(segment.getByText('^[A-Za-z0-9_~-]', { exact: false })).toBeHidden()
  await pattern.locator('summary').click()
  await expect(segment.getByText('^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$')).toBeVisible()
  // The raw JSON Schema, one toggle away.
  const raw = found.getByRole('button', { name: 'Raw JSON Schema (request body schema)' })
  await expect(raw).toHaveAttribute('aria-expanded', 'false')
  await expect(found.getByRole('group', { name: 'Request body schema' })).toHaveCount(0)
  await raw.click()
  await expect(raw).toHaveAttribute('aria-expanded', 'true')
  await expect(found.getByRole('group', { name: 'Request body schema' })).toContainText('"properties"')
  await expectAccessible(page, 'the API explorer, an operation found and opened, light')
  await page.screenshot({ path: 'e2e/output/screens/api-explorer-search-1280-light.png', fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, 'the API explorer, an operation found and opened, dark')
  await page.screenshot({ path: 'e2e/output/screens/api-explorer-search-1280-dark.png', fullPage: true })

  // Nothing found says so; Escape clears the search and every group is back, closed.
  await search.fill('no-such-operation-anywhere')
  await expect(count).toHaveText(`0 of ${total} operations`)
  await expect(page.getByText('No operation matches “no-such-operation-anywhere”.')).toBeVisible()
  await search.press('Escape')
  await expect(search).toHaveValue('')
  await expect(count).toHaveText(new RegExp(`^${total} operations in \\d+ groups$`))
  await expect(page.locator('.operation-summary')).toHaveCount(0)
})
