import type { FrameLocator, Locator } from '@playwright/test'

/** The Chat with docs module of the QuireAiStandIn sample (BrainDrive's Chat With Docs plugin's calls). */
export class StandInDocsModule {
  constructor(private readonly frame: FrameLocator) {}

  get status(): Locator {
    return this.frame.getByTestId('docs-status')
  }
  get services(): Locator {
    return this.frame.getByTestId('docs-services')
  }
  collection(name: string): Locator {
    return this.frame.getByTestId('docs-collections').getByRole('button', { name })
  }
  document(fileName: string): Locator {
    return this.frame.getByTestId('docs-documents').getByRole('listitem').filter({ hasText: fileName })
  }
  get answer(): Locator {
    return this.frame.getByTestId('docs-answer')
  }
  get sources(): Locator {
    return this.frame.getByTestId('docs-sources').getByRole('listitem')
  }

  /** Uploads through the module's own file input. */
  async upload(name: string, text: string): Promise<void> {
    await this.frame
      .getByTestId('docs-upload')
      .setInputFiles({ name, mimeType: 'text/markdown', buffer: Buffer.from(text) })
  }

  async ask(text: string): Promise<void> {
    await this.frame.getByLabel('Question').fill(text)
    await this.frame.getByRole('button', { name: 'Ask' }).click()
  }
}
