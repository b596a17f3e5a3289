import { mkdirSync } from 'node:fs'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { expectAccessible } from './support/expectAccessible'
import { startFakeOllamaWithChat } from './support/fakeOllamaWithChat'
import { goOffline } from './support/goOffline'
import { openApp, untilServiceWorker } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { expect, test, type Page } from './support/test'

// Issue 70, item 1: each answer says what wrote it ("Quoted from your documents", or the model by name)
// with a link to where a model is chosen, and the first chat screen offers what this device can run: a
// model server found on this computer where the person asks to look, or quotes kept. Offline on the
// static server (the API in the browser) and on the sync server's own origin, at 1440×900 and 390×844.

const SHOTS = '/tmp/say-shots'
const SIZES = [
  { label: '1440', width: 1440, height: 900 },
  { label: '390', width: 390, height: 844 },
] as const
const OLLAMA_PORT = 11434
const MODEL = 'llama3.2:1b'
const MODEL_ANSWER = 'The spring tide at the northern jetty reached 4.2 metres [1].'

const offer = (page: Page) => page.getByRole('region', { name: 'Answers are quoted from your documents' })

async function openChat(page: Page, origin: string): Promise<ChatPage> {
  await page.goto(`${origin}/chat`)
  const chat = new ChatPage(page)
  await expect(chat.title('New chat')).toBeVisible()
  return chat
}

/**
 * Keeps, in the page, what the "written by" line said whenever the answer still streaming showed it (its
 * bubble without the stored answer's Copy button): a MutationObserver sees every state the DOM passed
 * through, however fast the answer came. Resolves a reader of what it kept, without repeats.
 */
async function watchStreamingMaker(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>()
    ;(window as unknown as { streamingMakers: Set<string> }).streamingMakers = seen
    new MutationObserver(() => {
      const bubble = [...document.querySelectorAll('.chat-message-assistant')].at(-1)
      if (!bubble || bubble.querySelector('.chat-message-actions')) return
      const maker = bubble.querySelector('.chat-message-maker')
      if (maker) seen.add([...maker.children].map((part) => part.textContent).join(' | '))
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  return () =>
    page.evaluate(() => [...(window as unknown as { streamingMakers: Set<string> }).streamingMakers])
}

const storedGenerator = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/settings')).json()) as { generator: unknown }).generator,
  )

for (const size of SIZES) {
  test(`offline at ${size.width}×${size.height}: nothing found is said, quotes are named under the answer, and keeping them is remembered`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    mkdirSync(SHOTS, { recursive: true })
    const shot = (what: string) => page.screenshot({ path: `${SHOTS}/static-${size.label}-${what}.png` })
    const origin = baseURL ?? ''
    await page.setViewportSize({ width: size.width, height: size.height })
    await openApp(page, `${origin}/collections`)
    await goOffline(page)
    await seedNotesCollection(page, 'Harbour')

    const chat = await openChat(page, origin)
    await expect(offer(page)).toBeVisible()
    // No WebGPU in this browser: WebLLM is not offered.
    await expect(page.getByLabel('A model in this browser (WebLLM)')).toHaveCount(0)
    await shot('1-offer')
    await expectAccessible(page, 'chat, first-use offer')

    // Nothing answers here (offline): the offer says so and where it looked, and stays usable.
    await offer(page).getByRole('button', { name: 'Look for a model on this computer' }).click()
    const result = offer(page).getByRole('status')
    await expect(result).toContainText(
      'No model server answered on this computer (at localhost:11434, localhost:1234, localhost:8080).',
      { timeout: scaledTimeout(30_000) },
    )
    await result.getByText('Why').click()
    await expect(result.getByRole('listitem')).toHaveCount(3)
    await expect(offer(page).getByRole('button', { name: 'Look again' })).toBeVisible()
    await shot('2-nothing-found')

    // The answer says it is quoted, with the way to a model one click away, from its first streamed
    // words on (the stream's first event says what writes it), in the words the stored answer keeps.
    const streamingMakers = await watchStreamingMaker(page)
    await chat.ask('How high was the spring tide?')
    const answer = chat.assistantMessages().last()
    await expect(answer).toContainText('4.2 metres', { timeout: scaledTimeout(30_000) })
    await expect(answer.locator('.chat-message-maker')).toHaveText(
      /^Quoted from your documents\s*Choose a model$/,
    )
    expect(await streamingMakers()).toEqual(['Quoted from your documents | Choose a model'])
    const messages = await page.evaluate(async () => {
      const sessions = (await (await fetch('/api/chat/sessions')).json()) as Array<{ id: string }>
      const listed = await fetch(`/api/chat/messages?session_id=${sessions[0]?.id ?? ''}`)
      return (await listed.json()) as Array<{ role: string; metadata: { generator?: string } }>
    })
    expect(messages.find((message) => message.role === 'assistant')?.metadata.generator).toBe('extractive')
    await shot('3-quoted-answer')

    await answer.getByRole('link', { name: 'Choose a model' }).click()
    await expect(page).toHaveURL(/\/settings#models-title$/)
    await expect(page.getByRole('heading', { name: 'Language models', level: 2 })).toBeInViewport()
    // Focused, ready to choose from the keyboard.
    await expect(page.getByLabel('Answer generator')).toBeFocused()
    await shot('4-settings')

    // Keeping quotes is remembered: a new chat, and the app reloaded, no longer offer a model.
    await openChat(page, origin)
    await offer(page).getByRole('button', { name: 'Keep quoting my documents' }).click()
    await expect(offer(page)).toHaveCount(0)
    await expect(chat.question).toBeFocused()
    expect(await page.evaluate(() => localStorage.getItem('quire.answerOffer'))).toBe('quotes')
    await page.reload()
    await expect(chat.title('New chat')).toBeVisible()
    await expect(chat.question).toBeVisible()
    await expect(offer(page)).toHaveCount(0)
    expect(await storedGenerator(page)).toEqual({ kind: 'extractive' })
  })
}

for (const size of SIZES) {
  test(`on the server's origin at ${size.width}×${size.height}: Ollama found where it usually is answers, and its name is under the answer`, async ({
    page,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    mkdirSync(SHOTS, { recursive: true })
    const shot = (what: string) => page.screenshot({ path: `${SHOTS}/server-${size.label}-${what}.png` })
    const origin = `http://127.0.0.1:${SYNC_PORT}`
    const ollama = await startFakeOllamaWithChat({
      cors: [origin],
      reply: () => MODEL_ANSWER,
      // Slow enough to see the answer while it streams.
      delayMs: 250,
      port: OLLAMA_PORT,
    })
    try {
      ollama.ollama.installed.add(MODEL)
      ollama.ollama.installed.add('qwen2.5:0.5b')
      await page.setViewportSize({ width: size.width, height: size.height })
      await openApp(page, `${origin}/collections`)
      await untilServiceWorker(page)
      await seedNotesCollection(page, 'Harbour')

      const chat = await openChat(page, origin)
      await expect(offer(page)).toBeVisible()
      // Asked, never assumed: nothing on this computer was contacted before the person asked. This app
      // asks through its server (no Origin); a page of another origin (the in-browser host's tests, which
      // run beside this one and may look at Ollama's usual port too) is not this app asking.
      expect(ollama.ollama.origins.filter(([, from]) => from === '' || from === origin)).toEqual([])
      await offer(page).getByRole('button', { name: 'Look for a model on this computer' }).click()
      const result = offer(page).getByRole('status')
      await expect(result).toContainText('Ollama at localhost:11434: 2 models', {
        timeout: scaledTimeout(30_000),
      })
      const picker = result.getByLabel('Model on localhost:11434')
      await picker.selectOption(MODEL)
      await shot('1-found')
      await result.getByRole('button', { name: 'Use this model' }).click()
      await expect(page.getByRole('heading', { name: `Answers now come from Ollama ${MODEL}` })).toBeVisible()
      await expect(chat.question).toBeFocused()
      expect(await storedGenerator(page)).toEqual({
        kind: 'ollama',
        base_url: 'http://localhost:11434',
        model: MODEL,
      })
      await shot('2-chosen')

      const streamingMakers = await watchStreamingMaker(page)
      await chat.ask('How high was the spring tide?')
      const answer = chat.assistantMessages().last()
      // While the model writes, it is named already.
      await expect(answer).toContainText('The spring', { timeout: scaledTimeout(30_000) })
      await expect(answer.locator('.chat-message-maker')).toBeVisible()
      await shot('3-model-streaming')
      await expect(answer).toContainText('reached 4.2 metres', { timeout: scaledTimeout(30_000) })
      await expect(answer.locator('.chat-message-maker')).toHaveText(
        new RegExp(`^Written by ${MODEL.replace('.', '\\.')} \\(Ollama\\)\\s*Change model$`),
      )
      expect(await streamingMakers()).toEqual([`Written by ${MODEL} (Ollama) | Change model`])
      expect(ollama.chats.at(-1)?.model).toBe(MODEL)
      await shot('4-model-answer')
      await expectAccessible(page, 'chat, a model’s answer')

      // A model chosen: the offer does not come back.
      await openChat(page, origin)
      await expect(chat.question).toBeVisible()
      await expect(offer(page)).toHaveCount(0)
      expect(await page.evaluate(() => localStorage.getItem('quire.answerOffer'))).toBe('model')
    } finally {
      await ollama.close()
    }
  })
}

test('on the server’s origin, putting the offer away is remembered, and nothing is contacted', async ({
  page,
}) => {
  const origin = `http://127.0.0.1:${SYNC_PORT}`
  await openApp(page, `${origin}/collections`)
  // A first visit's service worker takes the page over while it installs: the reload below waits for it.
  await untilServiceWorker(page)
  const chat = await openChat(page, origin)
  await offer(page).getByRole('button', { name: 'Not now' }).click()
  await expect(offer(page)).toHaveCount(0)
  await expect(chat.question).toBeFocused()
  expect(await page.evaluate(() => localStorage.getItem('quire.answerOffer'))).toBe('dismissed')
  await page.reload()
  await expect(chat.title('New chat')).toBeVisible()
  await expect(chat.question).toBeVisible()
  await expect(offer(page)).toHaveCount(0)
})

// Issue 70's limit: the welcome dialog and the chat's offer each asked what answers. One memory now: a
// choice in either is the answer in the other, so a person is asked once.
for (const host of ['static', 'server'] as const) {
  for (const size of SIZES) {
    test(`${host === 'static' ? 'offline' : 'on the server’s origin'} at ${size.width}×${size.height}: what answers is asked once, in the welcome dialog or in the chat`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(scaledTimeout(120_000))
      mkdirSync(SHOTS, { recursive: true })
      const shot = (what: string) =>
        page.screenshot({ path: `${SHOTS}/once-${host}-${size.label}-${what}.png` })
      const origin = host === 'server' ? `http://127.0.0.1:${SYNC_PORT}` : (baseURL ?? '')
      await page.setViewportSize({ width: size.width, height: size.height })
      await openApp(page, `${origin}/collections`)
      if (host === 'static') await goOffline(page)
      else await untilServiceWorker(page)

      // A first visit to the chat: the welcome dialog asks over the chat's own offer.
      await page.goto(`${origin}/chat?onboarding=1`)
      const welcome = page.getByRole('dialog', { name: 'Welcome to Quire' })
      await expect(welcome.getByRole('radio', { name: /^Quoted sentences/ })).toBeChecked()
      await expect(page.locator('.answer-offer')).toBeAttached()
      await shot('1-welcome')
      // Closed with quotes chosen there: the chat's offer under it goes too, and does not come back.
      await welcome.getByRole('button', { name: 'Close' }).click()
      await expect(welcome).toHaveCount(0)
      const chat = new ChatPage(page)
      await expect(chat.question).toBeVisible()
      await expect(page.locator('.answer-offer')).toHaveCount(0)
      expect(await page.evaluate(() => localStorage.getItem('quire.answerOffer'))).toBe('quotes')
      await shot('2-chat-after-welcome')
      await page.reload()
      await expect(chat.title('New chat')).toBeVisible()
      await expect(chat.question).toBeVisible()
      await expect(offer(page)).toHaveCount(0)

      // The other way round, on a browser that never answered: quotes kept in the chat's offer, the
      // welcome dialog says it is chosen and where to change it, and asks nothing.
      await page.evaluate(() => localStorage.clear())
      await page.goto(`${origin}/chat`)
      await expect(offer(page)).toBeVisible()
      await offer(page).getByRole('button', { name: 'Keep quoting my documents' }).click()
      await expect(offer(page)).toHaveCount(0)
      await page.goto(`${origin}/collections?onboarding=1`)
      await expect(welcome).toBeVisible()
      await expect(welcome).toContainText('Chosen on this device already; Settings changes it.')
      await expect(welcome.getByRole('radio')).toHaveCount(0)
      await shot('3-welcome-after-chat')
      await welcome.getByRole('link', { name: 'Settings' }).click()
      await expect(welcome).toHaveCount(0)
      await expect(page).toHaveURL(/\/settings#models-title$/)
      expect(await page.evaluate(() => localStorage.getItem('quire.answerOffer'))).toBe('quotes')
    })
  }
}
