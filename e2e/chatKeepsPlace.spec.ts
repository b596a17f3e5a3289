import { mkdirSync } from 'node:fs'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { goOffline } from './support/goOffline'
import { openApp } from './support/openApp'
import { openScreen } from './support/openScreen'
import { expect, test, type Page } from './support/test'
import { HARBOUR_QUESTIONS } from './support/harbourChat'
import { seedHarbourChats } from './support/seedHarbourChats'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The chat keeps your place: opening a citation and closing it, going to another chat or another screen
// and back, return the thread to where the reader was; a new answer scrolls into view only for a reader
// at the end. On the static server offline (the API in the browser) and on the sync server's own origin,
// at 1440×900 and on a phone (390×844).

const SHOTS = '/tmp/h-shots'
const SIZES = [
  { label: '1440', width: 1440, height: 900 },
  { label: '390', width: 390, height: 844 },
] as const

const QUESTIONS = HARBOUR_QUESTIONS

/** A collection with one note and two long document chats, made through the API; their ids. */
async function seedTwoChats(page: Page): Promise<{ long: string; other: string }> {
  const [other, long] = await seedHarbourChats(page, 'keeps place', [
    { name: 'Other harbour chat', questions: QUESTIONS.slice(0, 6) },
    { name: 'Long harbour chat', questions: QUESTIONS },
  ])
  return { other: other!, long: long! }
}

const scrollTop = (chat: ChatPage) => chat.thread.evaluate((element) => element.scrollTop)

/** Scrolls the thread to the middle of what it can scroll and gives the scroll event its turn. */
async function scrollToMiddle(page: Page, chat: ChatPage): Promise<number> {
  const top = await chat.thread.evaluate((element) => {
    element.scrollTop = Math.round((element.scrollHeight - element.clientHeight) / 2)
    return element.scrollTop
  })
  await expect(chat.newest).toBeVisible()
  await page.waitForTimeout(150)
  expect(await scrollTop(chat)).toBe(top)
  return top
}

/** The thread is where it was, give or take a few pixels. */
async function expectAt(chat: ChatPage, top: number): Promise<void> {
  await expect.poll(async () => Math.abs((await scrollTop(chat)) - top)).toBeLessThanOrEqual(3)
}

/** The index, among the thread's citation chips, of the first wholly inside the thread's visible box. */
async function visibleChipIndex(chat: ChatPage): Promise<number> {
  return chat.thread.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const chips = [...element.querySelectorAll('button.citation-chip')]
    return chips.findIndex((chip) => {
      const rect = chip.getBoundingClientRect()
      return rect.top >= box.top && rect.bottom <= box.bottom
    })
  })
}

async function openChat(page: Page, chat: ChatPage, name: string, phone: boolean): Promise<void> {
  if (phone) await chat.listButton.click()
  await chat.chat(name).click()
  await expect(chat.title(name)).toBeVisible()
  await expect(chat.thread.locator('.chat-message').first()).toBeVisible()
}

for (const host of ['static', 'server'] as const) {
  for (const size of SIZES) {
    test(`on the ${host} origin at ${size.width}×${size.height}, the chat keeps the reader's place`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(scaledTimeout(180_000))
      mkdirSync(SHOTS, { recursive: true })
      const phone = size.width < 600
      const shot = (what: string) => page.screenshot({ path: `${SHOTS}/${host}-${size.label}-${what}.png` })
      const origin = host === 'server' ? `http://127.0.0.1:${SYNC_PORT}` : (baseURL ?? '')
      await page.setViewportSize({ width: size.width, height: size.height })
      await openApp(page, `${origin}/collections`)
      if (host === 'static') await goOffline(page)
      const ids = await seedTwoChats(page)

      await page.goto(`${origin}/chat?session=${ids.long}`)
      const chat = new ChatPage(page)
      await expect(chat.thread.locator('.chat-message')).toHaveCount(QUESTIONS.length * 2, {
        timeout: scaledTimeout(30_000),
      })
      // Opened, a chat shows its newest message.
      await expect(chat.thread.locator('.chat-message').last()).toBeInViewport()

      // A citation opened and closed (Close, then Escape): the thread is where it was, the chip focused.
      const middle = await scrollToMiddle(page, chat)
      await shot('1-middle')
      for (const close of ['button', 'escape'] as const) {
        const chip = chat.thread.locator('button.citation-chip').nth(await visibleChipIndex(chat))
        await chip.click()
        await expect(chat.sourcePanel).toBeVisible()
        await expect(chat.sourcePanel).toContainText('harbour.md')
        if (close === 'button') {
          await shot('2-source-open')
          await chat.sourcePanel.getByRole('button', { name: 'Close' }).click()
        } else await page.keyboard.press('Escape')
        await expect(chat.sourcePanel).toBeHidden()
        await expectAt(chat, middle)
        await expect(chip).toBeFocused()
        await expect(chat.newest).toBeVisible()
      }
      await shot('3-source-closed')

      // The same from "I searched these passages": its Open button, then Close.
      const evidence = chat.thread.locator('details.chat-evidence summary')
      const summaryIndex = await chat.thread.evaluate((element) => {
        const box = element.getBoundingClientRect()
        return [...element.querySelectorAll('details.chat-evidence summary')].findIndex((summary) => {
          const rect = summary.getBoundingClientRect()
          return rect.top >= box.top && rect.bottom <= box.bottom
        })
      })
      expect(summaryIndex).toBeGreaterThanOrEqual(0)
      await evidence.nth(summaryIndex).click()
      const afterOpening = await scrollTop(chat)
      const openButton = evidence
        .nth(summaryIndex)
        .locator('xpath=..')
        .getByRole('button', { name: /^Open source 1: harbour\.md/ })
      await openButton.click()
      await expect(chat.sourcePanel).toBeVisible()
      await chat.sourcePanel.getByRole('button', { name: 'Close' }).click()
      await expect(chat.sourcePanel).toBeHidden()
      await expectAt(chat, afterOpening)
      await expect(openButton).toBeFocused()
      await evidence.nth(summaryIndex).click()
      const place = await scrollToMiddle(page, chat)

      // Another chat and back: each keeps its own place.
      await openChat(page, chat, 'Other harbour chat', phone)
      await expect(chat.thread.locator('.chat-message').last()).toBeInViewport()
      await shot('4-other-chat')
      await openChat(page, chat, 'Long harbour chat', phone)
      await expectAt(chat, place)
      await expect(chat.newest).toBeVisible()

      // Another screen and back (the browser's Back): the place is kept too.
      await openScreen(page, 'Collections')
      await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
      await page.goBack()
      await expect(chat.title('Long harbour chat')).toBeVisible()
      await expect(chat.thread.locator('.chat-message').first()).toBeVisible()
      await expectAt(chat, place)
      await shot('5-back-in-place')

      // Scrolled up while an answer streams: the thread stays where the reader took it. The scroll is made
      // the moment the answer starts (the thread is busy), so it is the reader's, not the sent question's.
      await chat.thread.evaluate((element) => {
        const observer = new MutationObserver(() => {
          if (element.getAttribute('aria-busy') !== 'true') return
          observer.disconnect()
          requestAnimationFrame(() => {
            element.scrollTop = Math.round((element.scrollHeight - element.clientHeight) / 3)
            element.dataset.readerTop = String(element.scrollTop)
          })
        })
        observer.observe(element, { attributes: true, attributeFilter: ['aria-busy'] })
      })
      await chat.ask('Where did the oystercatchers nest?')
      await expect(chat.thread.locator('.chat-message')).toHaveCount(QUESTIONS.length * 2 + 2, {
        timeout: scaledTimeout(30_000),
      })
      await expect(chat.thread).toHaveAttribute('aria-busy', 'false')
      await expect(chat.assistantMessages().last().getByRole('button', { name: 'Regenerate' })).toBeAttached()
      const readerTop = Number(await chat.thread.getAttribute('data-reader-top'))
      expect(readerTop).toBeGreaterThan(0)
      await expectAt(chat, readerTop)
      await expect(chat.newest).toBeVisible()
      await expect(chat.assistantMessages().last()).not.toBeInViewport()
      await shot('6-scrolled-up-answer')

      // At the end when the answer starts: it follows the answer to its end.
      await chat.newest.click()
      await expect(chat.newest).toBeHidden()
      await chat.ask('How many boats moored inside the breakwater?')
      await expect(chat.thread.locator('.chat-message')).toHaveCount(QUESTIONS.length * 2 + 4, {
        timeout: scaledTimeout(30_000),
      })
      const answer = chat.assistantMessages().last()
      await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible()
      await expect(answer).toBeInViewport()
      await expect
        .poll(() => chat.thread.evaluate((e) => e.scrollHeight - e.scrollTop - e.clientHeight))
        .toBeLessThan(2)
      await expect(chat.newest).toBeHidden()
      await shot('7-followed')
    })
  }
}
