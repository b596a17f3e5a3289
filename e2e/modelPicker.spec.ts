import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { ConversationsPage } from './pages/ConversationsPage'
import { SettingsPage } from './pages/SettingsPage'
import { expectAccessible } from './support/expectAccessible'
import { startFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const server = `http://127.0.0.1:${SYNC_PORT}`
const ANSWER = ['The fake model ', 'says the tide ', 'reached 4.2 metres ', '[1].']

// The app served by the sync server (the deployment people run): Settings' one model picker lists the
// models of the servers added there, a connection test says why a server cannot be reached, and the
// model chosen answers document questions, citing the passages.
test('Settings: add an OpenAI-compatible server, test it, pick its model; a document question is answered by it', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const model = await startFakeOpenAi(ANSWER, 20, ['fake-answerer', 'fake-chatter'])
  try {
    await openApp(page, `${server}/`)
    await seedNotesCollection(page, 'Harbour')
    const settings = new SettingsPage(page)
    await settings.open()
    await expect(settings.generator).toHaveValue('extractive')
    await expect(settings.generator.locator('option').first()).toHaveText(/^Extractive \(no model\)/)

    // A wrong address: the test names it and says why.
    await settings.addServer('OpenAI-compatible', {
      name: 'Lab model',
      address: 'http://127.0.0.1:9/v1',
      key: 'sk-e2e-secret-key-4321',
    })
    await expect(settings.server('Lab model')).toContainText('Key: set')
    const failed = await settings.testServer('Lab model')
    await expect(failed).toHaveText(/^Failed: .*127\.0\.0\.1:9/)

    // The right address (a changed address drops the key, so it is typed again).
    await settings.editServer('Lab model', { address: model.url, key: 'sk-e2e-secret-key-4321' })
    await expect(await settings.testServer('Lab model')).toHaveText(
      'Connected: 2 models (fake-answerer, fake-chatter)',
    )
    const shown = await page.evaluate(async () =>
      JSON.stringify(
        await (await fetch('/api/v1/settings/instances?definition_id=openai_api_keys_settings')).json(),
      ),
    )
    expect(shown).not.toContain('sk-e2e-secret-key-4321')

    // One picker: the seeded Ollama server (nothing listens there) is listed as failing, the lab's model offered.
    await page.getByRole('button', { name: 'Refresh models' }).click()
    await expect(page.getByRole('list', { name: 'Servers that did not answer' })).toContainText('Ollama')
    const option = settings.generator.locator('optgroup[label="OpenAI-compatible: Lab model"] option')
    await expect(option).toHaveText(['fake-answerer', 'fake-chatter'])
    await settings.generator.selectOption({ label: 'fake-answerer' })
    await expect(page.getByText('Answers now come from fake-answerer')).toBeVisible()
    expect((await page.evaluate(async () => (await fetch('/api/settings')).json())).generator).toMatchObject({
      kind: 'provider',
      provider: 'openai',
      model: 'fake-answerer',
    })

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await expectAccessible(page, `Settings at ${width} px`)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.reload()
    // A reload restarts the in-browser API (this machine's shared cores make that slow at times).
    await expect(settings.heading).toBeVisible({ timeout: scaledTimeout(45_000) })
    await expect(settings.generator.locator('option:checked')).toHaveText('fake-answerer')

    const chat = new ChatPage(page)
    await chat.open()
    await chat.newChat('Harbour')
    await chat.ask('How high was the spring tide?')
    const answer = chat.assistantMessages().last()
    await expect(answer).toContainText('The fake model says the tide reached 4.2 metres', {
      timeout: scaledTimeout(30_000),
    })
    await expect(chat.citation(1)).toBeVisible()
    const sent = JSON.stringify(model.requests.at(-1))
    expect(sent).toContain('fake-answerer')
    expect(sent).toContain('4.2 metres')
    await chat.citation(1).click()
    await expect(chat.sourcePanel).toContainText('harbour.md')

    // A conversation may reply with another model of the same list; Settings' choice stays as it was.
    const conversations = new ConversationsPage(page)
    await conversations.open()
    await conversations.newConversation()
    const conversationModel = page.getByRole('main').getByRole('combobox', { name: 'Model', exact: true })
    await expect(conversationModel.locator('option:checked')).toHaveText('As in Settings')
    await conversationModel.selectOption({ label: 'fake-chatter' })
    await expect(page.getByText('Replies now come from fake-chatter')).toBeVisible()
    await conversations.send('Anything new?')
    await expect(conversations.assistantMessages().last()).toContainText('The fake model says', {
      timeout: scaledTimeout(30_000),
    })
    expect(model.requests.at(-1)?.model).toBe('fake-chatter')
    // Chosen before the chat existed, kept with it once its first message created it.
    await expect(conversationModel.locator('option:checked')).toHaveText('fake-chatter')
    expect((await page.evaluate(async () => (await fetch('/api/settings')).json())).generator.model).toBe(
      'fake-answerer',
    )
  } finally {
    await model.close()
  }
})
