import { expect, test, type Page } from './support/test'
import { ChatPage } from './pages/ChatPage'
import { ConversationsPage } from './pages/ConversationsPage'
import { expectAccessible } from './support/expectAccessible'
import { startFakeOpenAi, useFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const SCREENS = 'e2e/output/screens'
const QUESTION = 'Where did the oystercatchers nest?'
const REPLY = ['Above ', 'the ', 'high-water ', 'line, ', 'as ', 'the ', 'survey ', 'says.']

async function bothSchemes(page: Page, name: string, width: number) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectAccessible(page, `${name} (${colorScheme}, ${width}px)`)
    await page.screenshot({ path: `${SCREENS}/${name}-${width}-${colorScheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

// One place to talk: "Ask this collection" opens a new chat ready to type, the first question names it,
// its source opens beside the thread (a full-screen sheet on a phone), and the same chat switches to a
// persona with a (fake) model, continuing the thread; both records stand in the one list.
test('ask a collection, open the source at 1280 and 390 px, switch the chat to a persona with a model', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  const model = await startFakeOpenAi(REPLY, 20)
  try {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openApp(page, '/collections')
    const collectionId = await seedNotesCollection(page, 'Harbour')
    await page.goto(`/collections/${collectionId}`)
    await page.getByRole('link', { name: 'Ask this collection' }).click()

    const chat = new ChatPage(page)
    await expect(chat.title('New chat')).toBeVisible()
    await expect(page.getByLabel('Search in').locator('option:checked')).toHaveText('Harbour')
    // Ready to type at once: no dialog, an empty question field (a new screen's focus is on its heading,
    // as everywhere in the app; the chat screen's own "New chat" puts it in the field: chat.spec).
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(chat.question).toBeEditable()
    await expect(chat.question).toHaveValue('')
    await chat.ask(QUESTION)
    await expect(chat.title(QUESTION)).toBeVisible()
    await expect(page).toHaveURL(/\/chat\?session=/)
    const answer = chat.assistantMessages().last()
    await expect(answer).toContainText('oystercatchers', { timeout: scaledTimeout(30_000) })
    await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible()
    await expect(chat.chat(QUESTION)).toContainText('Harbour · 2 messages')

    // 1280 px: with the source open the thread keeps a reading width.
    await chat.citation(1).first().click()
    await expect(chat.sourcePanel).toContainText('harbour.md')
    const thread = await page.locator('.chat-thread-column').boundingBox()
    expect(thread?.width ?? 0, 'the chat column beside an open source').toBeGreaterThan(480)
    await bothSchemes(page, 'chat-source', 1280)

    // 390 px: the source is a full-screen sheet; Escape closes it and returns focus to its chip.
    await page.setViewportSize({ width: 390, height: 844 })
    const sheet = await chat.sourcePanel.boundingBox()
    expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
    await bothSchemes(page, 'chat-source', 390)
    await page.keyboard.press('Escape')
    await expect(chat.sourcePanel).toBeHidden()
    await expect(chat.citation(1).first()).toBeFocused()
    // The question field stays on screen, at the bottom, while the page scrolls.
    await page.mouse.wheel(0, -2000)
    const composer = await chat.question.boundingBox()
    expect(composer, 'the question field on screen').not.toBeNull()
    expect((composer?.y ?? 0) + (composer?.height ?? 0)).toBeLessThanOrEqual(844)
    await bothSchemes(page, 'chat', 390)
    await page.setViewportSize({ width: 1280, height: 900 })

    // The same chat, switched to a persona that a (fake) model speaks for.
    await useFakeOpenAi(page, model.url, 'fake-model')
    const conversations = new ConversationsPage(page)
    await conversations.createPersona({
      name: 'Warden',
      systemPrompt: 'You are the bird warden of the harbour.',
    })
    await page.getByLabel('Talk to').selectOption({ label: 'Persona: Warden' })
    await expect(page).toHaveURL(/\/chat\?conversation=/)
    await expect(page.getByText('Continued with Warden')).toBeVisible()
    await expect(conversations.title(QUESTION)).toBeVisible()
    await expect(conversations.personaPicker.locator('option:checked')).toHaveText('Warden')
    // The thread so far came along.
    await expect(conversations.userMessages()).toHaveText([QUESTION])
    await expect(conversations.assistantMessages().first()).toContainText('oystercatchers')

    await conversations.send('And how many chicks?')
    await expect(conversations.assistantMessages().last()).toContainText(
      'Above the high-water line, as the survey says.',
      {
        timeout: scaledTimeout(30_000),
      },
    )
    const asked = JSON.stringify(model.requests.at(-1)?.messages ?? [])
    expect(asked).toContain('bird warden')
    expect(asked).toContain(QUESTION)
    expect(asked).toContain('And how many chicks?')

    // One list: the document chat and the conversation, the latest first.
    const rows = chat.list.getByRole('link').filter({ hasText: QUESTION })
    await expect(rows).toHaveCount(2)
    await expect(rows.first()).toContainText('With Warden')
    await expect(rows.last()).toContainText('Harbour · 2 messages')
    await bothSchemes(page, 'chat-persona', 1280)
  } finally {
    await model.close()
  }
})
