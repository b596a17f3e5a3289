import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  declaredRuntimeServices,
  testManifest,
  testPluginFiles,
  zipOf,
} from '../web/core/api/platform/plugins/installTestPackages'
import { PluginManagerPage } from './pages/PluginManagerPage'
import { openApp } from './support/openApp'
import { expect, test } from './support/test'

// A plugin that declares BrainDrive's runtime services, as Chat-With-Docs does: the one Quire provides
// is shown as provided, with nothing to start; another is shown as declared and not started.
test('the plugin manager shows the runtime services Quire provides as provided by Quire', async ({
  page,
}) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-e2e-services-'))
  try {
    const manifest = {
      ...testManifest({ slug: 'ServicesPlugin' }),
      required_services_runtime: declaredRuntimeServices,
    }
    const zip = path.join(dir, 'ServicesPlugin-1.0.0.zip')
    const files = { ...testPluginFiles({ slug: 'ServicesPlugin' }), 'plugin.json': JSON.stringify(manifest) }
    await writeFile(zip, zipOf(files))

    await openApp(page)
    const manager = new PluginManagerPage(page)
    await manager.open()
    await manager.chooseFile(zip)
    const dialog = manager.installDialog('ServicesPlugin name')
    await dialog.getByRole('button', { name: 'Install', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    const card = manager.card('ServicesPlugin name')
    await expect(card.getByRole('heading', { name: 'Services it needs' })).toBeVisible()
    const provided = card.getByRole('listitem').filter({ hasText: 'cwyd_service' })
    await expect(provided).toContainText('Document chat (provided by Quire): nothing to install or start')
    const other = card.getByRole('listitem').filter({ hasText: 'vector_db' })
    await expect(other).toContainText('Not started: Quire does not run plugin services')
    await expect(other).toContainText('docker run qdrant')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
