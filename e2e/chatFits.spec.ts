import { expect, test, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { CollectionPage } from './pages/CollectionPage'
import { openApp } from './support/openApp'
import { goOffline } from './support/goOffline'
import { HARBOUR_QUESTIONS } from './support/harbourChat'
import { seedHarbourChats } from './support/seedHarbourChats'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 40: the conversation fits the screen. The messages scroll in their own pane, the composer stays
// under it, the newest message is in view; on a phone the list of chats is a drawer and the conversation
// has the screen. Every answer, a refusal too, lists the passages it searched, each openable. On the static
// server (nothing but the app), offline once the service worker controls the page, and on the sync
// server's own origin (the deployment people run).

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

const QUESTIONS = HARBOUR_QUESTIONS.slice(0, 10)

/** A collection with one note and a chat of 20 messages (10 questions answered), made through the API. */
async function seedLongChat(page: Page): Promise<string> {
  const [session] = await seedHarbourChats(page, 'chat fits the screen', [
    { name: 'Harbour questions', questions: QUESTIONS },
  ])
  return session!
}

/** The element lies wholly inside the window. */
async function expectInsideViewport(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).boundingBox()
  const size = page.viewportSize()
  expect(box && size).toBeTruthy()
  if (!box || !size) return
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(size.height + 0.5)
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5)
}

async function expectFits(page: Page, chat: ChatPage, label: string): Promise<void> {
  await expectInsideViewport(page, 'form.chat-composer')
  await expect(chat.composerForm.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 })
  await expect(chat.thread.locator('.chat-message').last()).toBeInViewport()
  await page.screenshot({ path: `e2e/output/issue40/chat-${label}.png` })
}

for (const host of ['static', 'server'] as const) {
  test(`on the ${host} origin, a 20-message chat fits the window at 1440×900 and on a phone; answers list their passages`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(scaledTimeout(150_000))
    const origin = host === 'server' ? `http://127.0.0.1:${SYNC_PORT}` : (baseURL ?? '')
    await page.setViewportSize(DESKTOP)
    await openApp(page, `${origin}/collections`)
    // The offline-capable host is tried offline: from here on nothing reaches the network (the app comes
    // from the precache, the API from the browser).
    if (host === 'static') {
      await goOffline(page)
      const reached = await page.evaluate(() =>
        fetch('/not-precached.txt').then(
          () => 'reached',
          () => 'failed',
        ),
      )
      expect(reached).toBe('failed')
    }
    const session = await seedLongChat(page)

    await page.goto(`${origin}/chat?session=${session}`)
    const chat = new ChatPage(page)
    await expect(chat.thread.locator('.chat-message')).toHaveCount(20, { timeout: scaledTimeout(30_000) })
    await expectFits(page, chat, `${host}-1440`)
    // The page itself does not scroll: the thread does.
    expect(await page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0)).toBeLessThanOrEqual(
      DESKTOP.height + 1,
    )

    // A question sent: its answer is the newest message, in view, with the passages it searched.
    await chat.ask('How high was the spring tide at the northern jetty?')
    await expect(chat.thread.locator('.chat-message')).toHaveCount(22, { timeout: scaledTimeout(30_000) })
    const answer = chat.assistantMessages().last()
    await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    await expect(answer).toBeInViewport()
    const passages = chat.searchedPassages(answer)
    await expect(passages).toContainText(/I searched these passages \(\d+\)/)
    await passages.locator('summary').click()
    await passages.getByRole('button', { name: /^Open source 1: harbour\.md/ }).click()
    await expect(chat.sourcePanel).toContainText('harbour.md')
    await page.keyboard.press('Escape')
    await expect(chat.sourcePanel).toBeHidden()

    // A refusal (a name the note never mentions) shows the passages it dismissed, collapsed, each openable.
    await chat.ask('What did Captain Nemo see at the northern jetty?')
    await expect(chat.thread.locator('.chat-message')).toHaveCount(24, { timeout: scaledTimeout(30_000) })
    const refusal = chat.assistantMessages().last()
    await expect(refusal.getByRole('button', { name: 'Regenerate' })).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    await expect(refusal).toContainText(
      'The documents do not answer “What did Captain Nemo see at the northern jetty”',
    )
    const dismissed = chat.searchedPassages(refusal)
    await expect(dismissed).toContainText(/I searched these passages \(\d+\)/)
    await expect(dismissed).not.toHaveAttribute('open')
    await dismissed.locator('summary').click()
    await dismissed.getByRole('button', { name: /^Open source 1: harbour\.md/ }).click()
    await expect(chat.sourcePanel).toContainText('harbour.md')
    await expect(chat.sourcePanel.getByLabel('Passage text')).toContainText(/tide|oystercatchers|boats/)
    await page.keyboard.press('Escape')
    await expect(chat.sourcePanel).toBeHidden()

    // Scrolled up to read, the reader is offered the way back to the newest message.
    await chat.thread.evaluate((element) => element.scrollTo({ top: 0 }))
    await expect(chat.newest).toBeVisible()
    await chat.newest.click()
    await expect(chat.thread.locator('.chat-message').last()).toBeInViewport()
    await expect(chat.newest).toBeHidden()

    // A phone: the conversation has the screen, the chats are a drawer.
    await page.setViewportSize(PHONE)
    await expect(chat.listButton).toBeVisible()
    await expect(chat.list).toBeHidden()
    await expectFits(page, chat, `${host}-390`)
    // The chat's header is one line the title owns: "Talk to" is compact and the title keeps its words.
    const title = await chat.title('Harbour questions').boundingBox()
    const talkTo = await page.getByLabel('Talk to').boundingBox()
    expect(title?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width * 0.4)
    expect(
      Math.abs((title?.y ?? 0) + (title?.height ?? 0) / 2 - ((talkTo?.y ?? 99) + (talkTo?.height ?? 0) / 2)),
    ).toBeLessThan(8)
    const thread = await chat.thread.boundingBox()
    expect(thread?.height ?? 0).toBeGreaterThanOrEqual(PHONE.height / 2)
    await chat.listButton.click()
    await expect(chat.list).toBeVisible()
    await expect(chat.chat('Harbour questions')).toBeVisible()
    await page.screenshot({ path: `e2e/output/issue40/chat-${host}-390-drawer.png` })
    await page.keyboard.press('Escape')
    await expect(chat.list).toBeHidden()
    await expect(chat.listButton).toBeFocused()

    if (host === 'static') {
      // The collection at both sizes, for the record of how it looks.
      const collection = new CollectionPage(page)
      await collection.open('Harbour')
      await page.screenshot({ path: 'e2e/output/issue40/collection-390.png' })
      await page.setViewportSize(DESKTOP)
      await page.screenshot({ path: 'e2e/output/issue40/collection-1440.png' })
    }
  })
}
