import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readLifecycleManager } from '../web/core/plugins/manifest/readLifecycleManager'
import { providedServiceFor } from '../web/core/plugins/providedServices'

// QuireAiStandIn stands in for BrainDrive's Chat and Chat With Docs plugins in CI (issue 42 item 6):
// each call it makes must say which call of those plugins it stands for, by file and line, so that a
// reader can hold the two side by side; and its runtime services must be the ones Quire provides.

const PLUGIN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'QuireAiStandIn')
/** A call to Quire or a service: the api service, the frame's fetch, or its localStorage. */
const CALL = /\bapi\.(get|post|put|delete|postStreaming)\(|\bfetch\(|\blocalStorage\.(getItem|setItem)\(/
const CITATION = /\/\/ stands for BrainDrive-(Chat-Plugin|Chat-With-Docs) src\/[\w./-]+\.tsx?:\d+/

async function sources(): Promise<Array<{ file: string; lines: string[] }>> {
  const dir = path.join(PLUGIN_DIR, 'src')
  const names = (await readdir(dir)).filter((name) => /\.tsx?$/.test(name))
  return Promise.all(
    names.map(async (file) => ({ file, lines: (await readFile(path.join(dir, file), 'utf8')).split('\n') })),
  )
}

describe('QuireAiStandIn', () => {
  it('cites, above each call it makes, the BrainDrive plugin’s file and line it stands for', async () => {
    const uncited: string[] = []
    let calls = 0
    for (const { file, lines } of await sources()) {
      lines.forEach((line, index) => {
        if (!CALL.test(line) || line.trimStart().startsWith('//')) return
        calls += 1
        const above = lines.slice(Math.max(0, index - 3), index)
        if (!above.some((text) => CITATION.test(text))) uncited.push(`${file}:${index + 1}: ${line.trim()}`)
      })
    }
    expect(uncited).toEqual([])
    // auth/me, all-models, settings, ollama/models, personas (2), conversations (2), the stream; health,
    // collections, documents, upload, poll, search; localStorage (2).
    expect(calls).toBeGreaterThanOrEqual(16)
  })

  it('declares Chat With Docs’ runtime services, both of which Quire provides', async () => {
    const manifest = readLifecycleManager(
      await readFile(path.join(PLUGIN_DIR, 'lifecycle_manager.py'), 'utf8'),
    )
    const services = manifest.required_services_runtime as Array<Record<string, unknown>>
    expect(services.map((service) => [service.name, providedServiceFor(service)?.name])).toEqual([
      ['cwyd_service', 'cwyd_service'],
      ['document_processing_service', 'document_processing_service'],
    ])
  })
})
