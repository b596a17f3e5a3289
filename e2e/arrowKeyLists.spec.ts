import { expect, test, type Locator, type Page } from './support/test'
import { ChatPage } from './pages/ChatPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { apiJson } from './support/apiJson'
import { openApp } from './support/openApp'

/** Whether focus is on an element inside `scope`. */
const holdsFocus = (scope: Locator) => scope.evaluate((element) => element.contains(document.activeElement))

/** The exact text of each of `links`, in the order the screen shows them. */
const namesOf = async (links: Locator) =>
  (await links.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '')

async function seedChats(page: Page, titles: readonly string[]): Promise<void> {
  for (const title of titles)
    await apiJson(page, '/api/v1/conversations', 'POST', { title, conversation_type: 'chat' })
}

// The one chat list is one Tab stop: Tab reaches a chat, then its Rename and Delete, then leaves; the
// arrow keys, Home and End move between chats; Enter opens the focused one, which stays the stop.
test('the chat list: one Tab stop, the arrow keys between chats, Enter opens one', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  await seedChats(page, ['Tides', 'Birds', 'Jetty', 'Survey'])
  const chat = new ChatPage(page)
  await chat.open()
  const links = chat.list.getByRole('listitem').getByRole('link')
  await expect(links).toHaveCount(4)
  const names = await namesOf(links)
  const link = (index: number) => chat.chat(names[index] ?? '')

  // From "New chat", Tab lands on the first chat (none is open), then its actions, then leaves the list.
  await chat.list.getByRole('button', { name: 'New chat' }).focus()
  await page.keyboard.press('Tab')
  await expect(link(0)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(chat.list.getByRole('button', { name: `Rename ${names[0]}` })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(chat.list.getByRole('button', { name: `Delete ${names[0]}` })).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await holdsFocus(chat.list)).toBe(false)
  // The other chats' links and buttons are out of the Tab order, not out of reach.
  await expect(chat.list.locator('[tabindex="-1"]')).toHaveCount(3 * 3)

  await page.keyboard.press('Shift+Tab')
  await expect(chat.list.getByRole('button', { name: `Delete ${names[0]}` })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(link(1)).toBeFocused()
  expect(await link(1).evaluate((element) => element.matches(':focus-visible')), 'its focus ring shows').toBe(
    true,
  )
  await page.keyboard.press('ArrowDown')
  await expect(link(2)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(link(1)).toBeFocused()
  await page.keyboard.press('End')
  await expect(link(3)).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(link(3), 'the last stays focused').toBeFocused()
  await page.keyboard.press('Home')
  await expect(link(0)).toBeFocused()
  // The focused chat is now the stop: Tab goes on to its own actions.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  await expect(chat.list.getByRole('button', { name: `Rename ${names[1]}` })).toBeFocused()

  // Enter follows the link, as it did before the keys were added.
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('ArrowDown')
  await expect(link(2)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/chat\?conversation=/)
  await expect(chat.title(names[2] ?? '')).toBeVisible()
  await expect(link(2)).toHaveAttribute('aria-current', 'page')

  // Back into the list from "New chat": the open chat is the stop.
  await chat.list.getByRole('button', { name: 'New chat' }).focus()
  await page.keyboard.press('Tab')
  await expect(link(2)).toBeFocused()
  // Space does not move anything either: it is the link's (a link ignores it), not the list's.
  await page.keyboard.press('Space')
  await expect(link(2)).toBeFocused()
})

// The collections are a grid of cards: Right and Left step, Down and Up change row, Home and End go to
// the ends; Tab goes from a card's name to its Edit and Delete; Enter opens the collection.
test('the collection cards: arrow keys across and down the grid, Enter opens a collection', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections')
  for (const name of ['Harbour', 'Lighthouse', 'Dunes', 'Estuary', 'Saltmarsh'])
    await apiJson(page, '/api/collections/', 'POST', {
      name,
      description: `Notes on the ${name.toLowerCase()}`,
    })
  const collections = new CollectionsPage(page)
  await collections.open()
  const grid = page.getByRole('main').getByRole('list')
  const links = grid.getByRole('listitem').getByRole('heading').getByRole('link')
  await expect(links).toHaveCount(5)
  const names = await namesOf(links)
  const link = (index: number) => grid.getByRole('link', { name: names[index] ?? '', exact: true })

  await page.getByRole('button', { name: 'New collection' }).focus()
  await page.keyboard.press('Tab')
  await expect(link(0)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(collections.card(names[0] ?? '').getByRole('button', { name: 'Edit' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(collections.card(names[0] ?? '').getByRole('button', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Tab')
  expect(await holdsFocus(grid)).toBe(false)

  await link(0).focus()
  await page.keyboard.press('ArrowRight')
  await expect(link(1)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(link(0)).toBeFocused()
  // Down goes to the card drawn below, whatever the number of columns at this width.
  const tops = await links.evaluateAll((elements) =>
    elements.map((element) => element.closest('li')?.getBoundingClientRect().top ?? 0),
  )
  const below = tops.findIndex((top) => top > (tops[0] ?? 0))
  expect(below, 'the grid has more than one row').toBeGreaterThan(0)
  await page.keyboard.press('ArrowDown')
  await expect(link(below)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(link(0)).toBeFocused()
  await page.keyboard.press('End')
  await expect(link(4)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(link(0)).toBeFocused()

  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/collections\/[^/]+$/)
  await expect(page.getByRole('heading', { name: names[1] ?? '', level: 1 })).toBeVisible()
})
