import { expect, test } from './support/test'
import { ConversationsPage } from './pages/ConversationsPage'
import { startFakeOpenAi, useFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp } from './support/openApp'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const WORDS = ['Bearing ', 'two-seven-zero, ', 'steady ', 'as ', 'she ', 'goes.']

/**
 * An OpenAI-compatible server that streams a short reply word by word and records what it was asked,
 * so the test can see the persona's system prompt reach the model. CORS headers let the browser's API
 * worker call it from the app's origin.
 */
// A persona, a conversation with it, a streamed reply, a tag; then offline, after a reload, the
// conversation is found again by its tag, with its messages.
test('a conversation with a persona streams its reply and is found by its tag offline', async ({
  page,
  context,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const model = await startFakeOpenAi(WORDS, 150)
  try {
    await openApp(page)
    await useFakeOpenAi(page, model.url, 'fake-model')
    const screen = new ConversationsPage(page)
    await screen.open()
    await expect(page.getByText('No chats yet', { exact: false }).first()).toBeVisible()

    await screen.createPersona({
      name: 'Navigator',
      systemPrompt: 'You are the ship’s navigator. Answer with a bearing.',
      temperature: '0.2',
      greeting: 'Where are we headed?',
    })
    await screen.newConversation('Navigator')
    await expect(page.getByText('Navigator says: “Where are we headed?”')).toBeVisible()

    // The first message creates the conversation and names it.
    await screen.send('Which way to the harbour?')
    await expect(screen.title('Which way to the harbour?')).toBeVisible()
    await expect(page).toHaveURL(/\/chat\?conversation=/)
    await expect(screen.userMessages().last()).toContainText('Which way to the harbour?')
    // Streaming: Stop is offered while the words arrive, and goes once the reply is stored.
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
    await expect(screen.assistantMessages().last()).toContainText(
      'Bearing two-seven-zero, steady as she goes.',
    )
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    const asked = JSON.stringify(model.requests.at(-1)?.messages ?? [])
    expect(asked).toContain('ship’s navigator')
    expect(asked).toContain('Which way to the harbour?')

    // Named by its first message; renamed like any chat.
    await screen.rename('Which way to the harbour?', 'Crossing the bay')
    await expect(screen.title('Crossing the bay')).toBeVisible()

    await screen.createTag('Voyages', 'Teal')
    await expect(screen.row('Crossing the bay')).toContainText('Voyages')
    // Another conversation without the tag, so that the filter has something to leave out.
    await screen.newConversation()
    await screen.send('Shore leave')
    await expect(screen.title('Shore leave')).toBeVisible()

    await goOffline(page)
    await page.reload()
    await expect(screen.heading).toBeVisible()
    await expect(screen.conversation('Shore leave')).toBeVisible()
    await screen.filterByTag('Voyages')
    await expect(screen.conversation('Shore leave')).toBeHidden()
    await screen.conversation('Crossing the bay').click()
    await expect(screen.title('Crossing the bay')).toBeVisible()
    await expect(screen.personaPicker.locator('option:checked')).toHaveText('Navigator')
    await expect(screen.userMessages()).toHaveText(['Which way to the harbour?'])
    await expect(screen.assistantMessages()).toHaveText([/Bearing two-seven-zero, steady as she goes\./])
    await expect(page).toHaveURL(/tag=/)
  } finally {
    await context.setOffline(false)
    await model.close()
  }
})

// Without a language model the reply is refused with a way to Settings; rename and delete work.
test('without a language model the reply points to Settings; rename, delete, the old address', async ({
  page,
}) => {
  await openApp(page, '/conversations')
  const screen = new ConversationsPage(page)
  // The old address leads to the one Chat screen.
  await expect(screen.heading).toBeVisible()
  await expect(page).toHaveURL(/\/chat$/)
  await screen.newConversation()
  await screen.send('Hello?')
  const failure = page.getByRole('alert').filter({ hasText: 'No reply came' })
  await expect(failure).toBeVisible()
  await expect(failure.getByRole('link', { name: /Settings/ })).toBeVisible()
  await expect(screen.userMessages()).toHaveText(['Hello?'])

  // A deep link to a conversation at the old address opens it on the Chat screen.
  const id = new URL(page.url()).searchParams.get('conversation')
  expect(id).toBeTruthy()
  await page.goto(`/conversations?id=${id}`)
  await expect(page).toHaveURL(new RegExp(`/chat\\?conversation=${id}$`))
  await expect(screen.title('Hello?')).toBeVisible()
  await expect(screen.userMessages()).toHaveText(['Hello?'])

  await screen.rename('Hello?', 'Final draft')
  await expect(screen.title('Final draft')).toBeVisible()
  await expect(screen.conversation('Final draft')).toBeVisible()
  await screen.delete('Final draft')
  await expect(screen.conversation('Final draft')).toBeHidden()
  await expect(page).not.toHaveURL(/conversation=/)
})
