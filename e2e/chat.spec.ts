import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './support/test'
import { ChatPage } from './pages/ChatPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { seedCollectionInPage } from './support/seedCollectionInPage'
import { HARBOUR_NOTES } from './support/seedNotesCollection'

const TRACEMONKEY = '/work/shared/corpus/pdf/pdfjs__tracemonkey.pdf'

/** Creates a collection holding one file, through the in-browser API, and waits until it is processed. */
async function seedCollection(
  page: Page,
  name: string,
  file: { name: string; type: string; base64: string },
) {
  const outcome = await seedCollectionInPage(page, { name, description: 'chat e2e' }, file, 90_000)
  expect(outcome).toBe('completed')
}

test('asks a collection a question, opens a cited source, and keeps the chat across a reload', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, '/collections')
  await seedCollection(page, 'Harbour', {
    name: 'harbour.md',
    type: 'text/markdown',
    base64: Buffer.from(HARBOUR_NOTES).toString('base64'),
  })

  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat('Harbour')
  await expect(chat.question).toBeFocused()

  // No naming dialog: the first question names the chat.
  await chat.ask('Where did the oystercatchers nest?')
  await expect(chat.title('Where did the oystercatchers nest?')).toBeVisible()
  await expect(chat.chat('Where did the oystercatchers nest?')).toContainText('Harbour')
  // The question shows at once; the answer streams in and ends with Copy / Regenerate.
  await expect(chat.thread).toContainText('Where did the oystercatchers nest?')
  const answer = chat.assistantMessages().last()
  await expect(answer).toContainText('oystercatchers', { timeout: scaledTimeout(30_000) })
  await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(chat.citation(1).first()).toBeVisible()

  await chat.citation(1).first().click()
  await expect(chat.sourcePanel).toBeVisible()
  await expect(chat.sourcePanel).toContainText('harbour.md')
  await expect(chat.sourcePanel).toContainText('oystercatchers nested above the high-water line')
  await page.keyboard.press('Escape')
  await expect(chat.sourcePanel).toBeHidden()
  await expect(chat.citation(1).first()).toBeFocused()

  // The session is in the URL, and the API kept both messages.
  await page.reload()
  await expect(chat.title('Where did the oystercatchers nest?')).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(chat.thread).toContainText('Where did the oystercatchers nest?')
  await expect(chat.assistantMessages()).toHaveCount(1)
  await expect(chat.citation(1).first()).toBeVisible()

  // Regenerate asks the same question again; the new answer is appended.
  await chat.assistantMessages().last().getByRole('button', { name: 'Regenerate' }).click()
  await expect(chat.assistantMessages()).toHaveCount(2, { timeout: scaledTimeout(30_000) })
  // Actions appear once the answer is complete; the sidebar then counts all four messages.
  await expect(chat.assistantMessages().nth(1).getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(chat.chat('Where did the oystercatchers nest?')).toContainText('4 messages')

  await chat.rename('Where did the oystercatchers nest?', 'Birds of the harbour')
  await expect(chat.chat('Birds of the harbour')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Birds of the harbour', level: 2 })).toBeVisible()

  await chat.delete('Birds of the harbour')
  await expect(chat.chat('Birds of the harbour')).toHaveCount(0)
  await expect(chat.list).toContainText('No chats yet')
  // Back to a new chat, ready to type.
  await expect(chat.title('New chat')).toBeVisible()
})

test('a PDF source shows its page rendered, with the passage highlighted', async ({ page }) => {
  test.setTimeout(scaledTimeout(180_000))
  await openApp(page, '/collections')
  const pdf = await readFile(TRACEMONKEY)
  await seedCollection(page, 'Papers', {
    name: 'tracemonkey.pdf',
    type: 'application/pdf',
    base64: pdf.toString('base64'),
  })

  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat('Papers')
  await chat.ask('What is a trace tree?')
  await expect(chat.citation(1).first()).toBeVisible({ timeout: scaledTimeout(60_000) })
  await chat.citation(1).first().click()
  await expect(chat.sourcePanel).toContainText('tracemonkey.pdf')
  await expect(chat.sourcePanel.getByRole('img', { name: /^Page \d+ of the PDF/ })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(chat.sourcePanel.locator('.chat-pdf-mark').first()).toBeAttached()
})
