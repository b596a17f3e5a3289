import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'

/** One module placed on a page: its layout key, plugin, module and grid cell. */
export interface BoardModule {
  i: string
  pluginId: string
  moduleId: string
  x: number
  y: number
  w: number
  h: number
  config?: Record<string, unknown>
}

/**
 * A page whose content places plugin modules (BrainDrive's `{layouts, modules}`), opened at
 * `/p/<route>`; each module renders in its own sandboxed frame inside its grid cell.
 */
export class PluginBoardPage {
  constructor(private readonly page: Page) {}

  /** Installs a plugin archive through `POST /api/v1/plugins/install` (method upload) from the page. */
  async install(bytes: Buffer, fileName: string): Promise<{ plugin_id: string; plugin_slug: string }> {
    const answer = await this.page.evaluate(
      async ({ base64, name }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const form = new FormData()
        form.append('method', 'upload')
        form.append('file', new Blob([bytes], { type: 'application/zip' }), name)
        const response = await fetch('/api/v1/plugins/install', { method: 'POST', body: form })
        return { status: response.status, body: (await response.json()) as Record<string, unknown> }
      },
      { base64: bytes.toString('base64'), name: fileName },
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return (answer.body as { data: { plugin_id: string; plugin_slug: string } }).data
  }

  /** Creates a page at `route` through `POST /api/v1/pages` with the modules on its desktop layout. */
  async create(name: string, route: string, modules: BoardModule[]): Promise<string> {
    const content = {
      layouts: { desktop: modules.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })) },
      modules: Object.fromEntries(
        modules.map((m) => [
          m.i,
          { pluginId: m.pluginId, moduleId: m.moduleId, moduleName: m.moduleId, config: m.config ?? {} },
        ]),
      ),
    }
    return this.post({ name, route, content })
  }

  /** Creates a page at `route` with no content through `POST /api/v1/pages`: what the designer starts from. */
  createEmpty(name: string, route: string): Promise<string> {
    return this.post({ name, route })
  }

  private async post(page: { name: string; route: string; content?: unknown }): Promise<string> {
    const answer = await this.page.evaluate(async (body) => {
      const response = await fetch('/api/v1/pages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as { id: string } }
    }, page)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.id
  }

  async open(route: string, name: string): Promise<void> {
    await this.page.goto(`/p/${route}`)
    await expect(this.heading(name)).toBeVisible()
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 })
  }

  /** The module's cell in the grid (its state in `data-state`: loading, ready or error). */
  cell(i: string): Locator {
    return this.page.locator(`.plugin-module[data-module="${i}"]`)
  }

  /** Inside the module's sandboxed frame. */
  module(i: string): FrameLocator {
    return this.cell(i).frameLocator('iframe')
  }

  frameElement(i: string): Locator {
    return this.cell(i).locator('iframe')
  }

  /** The error a cell shows for its module. */
  error(i: string): Locator {
    return this.cell(i).getByRole('alert')
  }
}
