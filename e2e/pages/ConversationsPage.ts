import { expect, type Locator } from '@playwright/test'
import { ChatPage } from './ChatPage'

/**
 * Model conversations on the Chat screen (Conversations joined it): the Chat screen's page object (the
 * one list, the thread, rename and delete), and what only a conversation has: a persona, the personas
 * dialog, tags and the tag filter.
 */
export class ConversationsPage extends ChatPage {
  /** The one list of chats, which was the Conversations screen's sidebar. */
  get sidebar(): Locator {
    return this.list
  }

  conversation(title: string): Locator {
    return this.chat(title)
  }

  /** The conversation's row in the sidebar: its link and its tags. */
  row(title: string): Locator {
    return this.sidebar.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) })
  }

  /** Creates a persona through the Personas dialog and closes it again. */
  async createPersona(persona: {
    name: string
    systemPrompt: string
    temperature?: string
    greeting?: string
  }) {
    await this.page.getByRole('button', { name: 'Personas', exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Personas' })
    await dialog.getByRole('button', { name: 'New persona' }).click()
    const form = this.page.getByRole('dialog', { name: 'New persona' })
    await form.getByLabel('Name', { exact: true }).fill(persona.name)
    await form.getByLabel('System prompt').fill(persona.systemPrompt)
    if (persona.temperature) await form.getByLabel('Temperature').fill(persona.temperature)
    if (persona.greeting) await form.getByLabel('Greeting').fill(persona.greeting)
    await form.getByRole('button', { name: 'Create persona' }).click()
    await expect(dialog.getByText(persona.name, { exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  }

  /**
   * Opens a new chat that talks to the language model, as `persona` when given; it is created, and
   * named, by its first message (`send`).
   */
  async newConversation(persona?: string): Promise<void> {
    await this.sidebar.getByRole('button', { name: 'New chat' }).click()
    await expect(this.title('New chat')).toBeVisible()
    await this.page
      .getByLabel('Talk to')
      .selectOption({ label: persona ? `Persona: ${persona}` : 'The language model (no persona)' })
    await expect(this.composer).toBeVisible()
  }

  /** The open conversation's persona. */
  get personaPicker(): Locator {
    return this.page.getByRole('main').getByRole('combobox', { name: 'Persona', exact: true })
  }

  get composer(): Locator {
    return this.page.getByLabel('Your message')
  }

  /** Types the message and presses Enter, as a person would. */
  async send(text: string): Promise<void> {
    await this.composer.fill(text)
    await this.composer.press('Enter')
  }

  userMessages(): Locator {
    return this.thread.locator('.chat-message-user .chat-message-text')
  }

  get tagsOnConversation(): Locator {
    return this.page.getByRole('list', { name: 'Tags on this conversation' })
  }

  /** Creates a tag with a colour and puts it on the open conversation. */
  async createTag(name: string, colour: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New tag' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'New tag' })
    await dialog.getByLabel('Tag name').fill(name)
    await dialog.getByRole('button', { name: colour, exact: true }).click()
    await dialog.getByRole('button', { name: 'Create and add' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.tagsOnConversation.getByText(name, { exact: true })).toBeVisible()
  }

  async filterByTag(name: string): Promise<void> {
    await this.sidebar.getByLabel('Filter by tag').selectOption({ label: name })
  }
}
