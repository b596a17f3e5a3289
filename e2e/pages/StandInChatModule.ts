import type { FrameLocator, Locator } from '@playwright/test'

/** The Chat module of the QuireAiStandIn sample (BrainDrive's Chat plugin's calls), in its frame. */
export class StandInChatModule {
  constructor(private readonly frame: FrameLocator) {}

  get status(): Locator {
    return this.frame.getByTestId('chat-status')
  }
  get user(): Locator {
    return this.frame.getByTestId('chat-user')
  }
  get model(): Locator {
    return this.frame.getByTestId('chat-model')
  }
  get persona(): Locator {
    return this.frame.getByTestId('chat-persona')
  }
  get libraryScope(): Locator {
    return this.frame.getByTestId('chat-scope')
  }
  get history(): Locator {
    return this.frame.getByTestId('chat-history').getByRole('button')
  }
  get chunks(): Locator {
    return this.frame.getByTestId('chat-chunks')
  }
  messages(role: 'user' | 'assistant'): Locator {
    return this.frame.locator(`[data-testid=chat-messages] li[data-role=${role}]`)
  }

  async ask(text: string): Promise<void> {
    await this.frame.getByLabel('Message').fill(text)
    await this.frame.getByRole('button', { name: 'Send' }).click()
  }

  async newChat(): Promise<void> {
    await this.frame.getByRole('button', { name: 'New chat' }).click()
  }
}
