import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Conversations screen: the sidebar, the open conversation, its tags, and the personas dialog. */
export class ConversationsPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Conversations', level: 1, exact: true })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Conversations')
    await expect(this.heading).toBeVisible()
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Conversation list' })
  }

  conversation(title: string): Locator {
    return this.sidebar.getByRole('link').filter({ hasText: title })
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

  /** Starts a conversation through the "New conversation" dialog, with `persona` when given. */
  async newConversation(title: string, persona?: string): Promise<void> {
    await this.sidebar.getByRole('button', { name: 'New conversation' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'New conversation' })
    await dialog.getByLabel('Title').fill(title)
    if (persona) await dialog.getByLabel('Persona').selectOption({ label: persona })
    await dialog.getByRole('button', { name: 'Start conversation' }).click()
    await expect(dialog).toBeHidden()
    await expect(this.title(title)).toBeVisible()
  }

  title(title: string): Locator {
    return this.page.getByRole('heading', { name: title, level: 2 })
  }

  /** The open conversation's persona (not the one in the "New conversation" dialog). */
  get personaPicker(): Locator {
    return this.page.getByRole('main').getByRole('combobox', { name: 'Persona', exact: true })
  }

  get thread(): Locator {
    return this.page.getByRole('log', { name: 'Messages' })
  }

  get composer(): Locator {
    return this.page.getByLabel('Your message')
  }

  /** Types the message and presses Enter, as a person would. */
  async send(text: string): Promise<void> {
    await this.composer.fill(text)
    await this.composer.press('Enter')
  }

  assistantMessages(): Locator {
    return this.thread.locator('.chat-message-assistant')
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

  async rename(to: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Rename', exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Rename conversation' })
    await dialog.getByLabel('Title').fill(to)
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect(dialog).toBeHidden()
  }

  async delete(title: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete', exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Delete this conversation?' })
    await expect(dialog).toContainText(title)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toBeHidden()
  }
}
