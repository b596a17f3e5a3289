import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/**
 * The Chat screen: the one list of chats (document chats and model conversations), a new chat, the
 * thread, the composer and the source panel. `ConversationsPage` adds what only a model conversation has.
 */
export class ChatPage {
  constructor(protected readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Chat', level: 1, exact: true })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Chat')
    await expect(this.heading).toBeVisible()
  }

  /** The one list: document chats and model conversations together. */
  get list(): Locator {
    return this.page.getByRole('navigation', { name: 'Chats' })
  }

  chat(name: string): Locator {
    return this.list.getByRole('link').filter({ hasText: name })
  }

  title(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 2, exact: true })
  }

  /**
   * Opens a new chat, ready to type (no dialog), searching `collection` (or all documents); the chat is
   * created, and named, by its first question.
   */
  async newChat(collection?: string): Promise<void> {
    await this.list.getByRole('button', { name: 'New chat' }).click()
    await expect(this.title('New chat')).toBeVisible()
    if (collection) await this.page.getByLabel('Search in').selectOption({ label: collection })
    await expect(this.question).toBeVisible()
  }

  get thread(): Locator {
    return this.page.getByRole('log', { name: 'Messages' })
  }

  get question(): Locator {
    return this.page.getByLabel('Your question')
  }

  /** Types the question and presses Enter, as a person would. */
  async ask(text: string): Promise<void> {
    await this.question.fill(text)
    await this.question.press('Enter')
  }

  assistantMessages(): Locator {
    return this.thread.locator('.chat-message-assistant')
  }

  citation(number: number): Locator {
    return this.thread.getByRole('button', { name: `Source ${number}`, exact: true })
  }

  get sourcePanel(): Locator {
    return this.page.getByRole('complementary', { name: /^Source \d+$/ })
  }

  async rename(from: string, to: string): Promise<void> {
    await this.list.getByRole('button', { name: `Rename ${from}` }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Rename chat' })
    await dialog.getByLabel('Name').fill(to)
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect(dialog).toBeHidden()
  }

  async delete(name: string): Promise<void> {
    await this.list.getByRole('button', { name: `Delete ${name}` }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Delete this chat?' })
    await expect(dialog).toContainText(name)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toBeHidden()
  }

  /** The composer: the question, Send or Stop, and its options. */
  get composerForm(): Locator {
    return this.page.locator('form.chat-composer')
  }

  /** "Newest": offered while the reader has scrolled up the thread. */
  get newest(): Locator {
    return this.page.getByRole('button', { name: 'Newest' })
  }

  /** On a narrow screen the list of chats is a drawer, opened with "Chats". */
  get listButton(): Locator {
    return this.page.getByRole('button', { name: 'Chats', exact: true })
  }

  /** The passages an answer was given, under it, collapsed until opened. */
  searchedPassages(answer: Locator): Locator {
    return answer.locator('details.chat-evidence')
  }
}
