import { expect, test, type Page } from './support/test'
import { ChatPage } from './pages/ChatPage'
import { startFakeOpenAi, useFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const WORDS = Array.from({ length: 60 }, (_, i) => `word${i} `)

/** Opens the app on the fake model at `modelUrl`, asks a new chat for everything: the chat and its answer. */
async function askSlowModel(page: Page, modelUrl: string) {
  await openApp(page)
  await useFakeOpenAi(page, modelUrl, 'slow-model')
  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat()
  await chat.ask('Tell me everything')
  return { chat, answer: chat.assistantMessages().last() }
}

/**
 * An OpenAI-compatible server that streams a long answer slowly, as a real model does, and records
 * when its client goes away. CORS headers let the browser's API worker call it from the app's origin.
 */
// With a model endpoint that answers slowly: tokens appear as they come, Stop ends the answer and the
// model's request, and what was said is kept; Copy puts the answer on the clipboard.
test('a streamed answer can be stopped, is kept as far as it got, and can be copied', async ({
  page,
  context,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const model = await startFakeOpenAi(WORDS, 100)
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const { chat, answer } = await askSlowModel(page, model.url)
    await expect(answer).toContainText('word3', { timeout: scaledTimeout(30_000) })
    await page.getByRole('button', { name: 'Stop', exact: true }).click()
    await expect(answer).toContainText('Stopped before the answer was complete')
    await expect.poll(() => model.disconnects()).toBe(1)
    const shown = (await answer.innerText()).match(/word\d+/g) ?? []
    expect(shown.length).toBeGreaterThan(3)
    expect(shown.length).toBeLessThan(WORDS.length)

    // The API worker stores the stopped answer once the model's stream has ended; a reload before that
    // would end the worker with it (as closing the tab at that instant would).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const sessions = (await (await fetch('/api/chat/sessions')).json()) as Array<{ id: string }>
          const id = sessions[0]?.id ?? ''
          const messages = (await (await fetch(`/api/chat/messages?session_id=${id}`)).json()) as Array<{
            metadata: { stopped?: boolean }
          }>
          return messages.some((message) => message.metadata.stopped === true)
        }),
      )
      .toBe(true)
    await page.reload()
    const kept = chat.assistantMessages().last()
    await expect(kept).toContainText('Stopped before the answer was complete')
    await expect(kept).toContainText('word0 word1 word2 word3')

    await kept.getByRole('button', { name: 'Copy' }).click()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.startsWith('word0 word1 word2 word3')).toBe(true)
  } finally {
    await model.close()
  }
})

// Issue 40: Escape in the composer stops an answer while it streams, as Stop does; what was said stays
// and the composer takes the next question.
test('Escape stops a streaming answer, keeps what it said and leaves the composer ready', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(60_000))
  const model = await startFakeOpenAi(WORDS, 150)
  try {
    const { chat, answer } = await askSlowModel(page, model.url)
    const stop = chat.composerForm.getByRole('button', { name: 'Stop', exact: true })
    await expect(answer).toContainText('word2', { timeout: scaledTimeout(30_000) })
    await expect(stop).toBeVisible()
    await chat.question.press('Escape')
    await expect(stop).toBeHidden()
    await expect(answer).toContainText('Stopped before the answer was complete')
    await expect.poll(() => model.disconnects()).toBe(1)
    const shown = (await answer.innerText()).match(/word\d+/g) ?? []
    expect(shown.length).toBeGreaterThan(2)
    expect(shown.length).toBeLessThan(WORDS.length)
    await chat.question.fill('And then?')
    await expect(chat.composerForm.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await expect(chat.question).toHaveValue('And then?')
  } finally {
    await model.close()
  }
})
