import { describe, expect, it } from 'vitest'
import { readLifecycleManager } from './readLifecycleManager'
import { MAX_RUNTIME_SERVICES, readRuntimeServices } from './runtimeServices'

// As BrainDrive's Chat-With-Docs plugin declares them (its lifecycle_manager.py), definition_id an attribute.
const LIFECYCLE_MANAGER = `
class Plugin:
    def __init__(self):
        self.plugin_data = {"name": "Docs", "plugin_slug": "docs"}
        self.module_data = []
        self.settings_definition_id = 'braindrive_chat_with_documents_settings'
        self.required_services_runtime = [
            {
                "name": "cwyd_service",
                "source_url": "https://github.com/BrainDriveAI/chat-with-your-documents",
                "type": "docker-compose",
                "install_command": "docker compose build",
                "start_command": "docker compose up -d",
                "healthcheck_url": "http://localhost:8000/health",
                "definition_id": self.settings_definition_id,
            },
            {
                "name": "document_processing_service",
                "source_url": "https://github.com/BrainDriveAI/Document-Processing-Service",
                "healthcheck_url": "http://localhost:8080/health",
            },
            {
                "name": "vector_db",
                "source_url": "https://github.com/someone/vector-db",
                "start_command": "docker compose up -d",
                "healthcheck_url": "http://localhost:6333/health",
            },
        ]
`

describe('runtime services a plugin declares', () => {
  it('reads them from a lifecycle manager, an attribute read as null, and marks those Quire provides', () => {
    const { required_services_runtime } = readLifecycleManager(LIFECYCLE_MANAGER)
    const services = readRuntimeServices(required_services_runtime)
    expect(services.map((s) => [s.name, s.provided, s.provided_by, s.health_path])).toEqual([
      ['cwyd_service', true, 'Quire', '/api/health'],
      ['document_processing_service', true, 'Quire', '/api/health'],
      ['vector_db', false, null, 'http://localhost:6333/health'],
    ])
    expect(services[0]).toMatchObject({ definition_id: null, label: 'Document chat (provided by Quire)' })
    expect(services[2]).toMatchObject({ start_command: 'docker compose up -d' })
    expect(services[2]!.label).toMatch(/not started/)
  })

  it('recognises a provided service by its health URL alone', () => {
    const [service] = readRuntimeServices([{ name: 'rag', healthcheck_url: 'http://127.0.0.1:8000/health' }])
    expect(service).toMatchObject({ provided: true, provided_by: 'Quire' })
  })

  it('reads hostile declarations as little as they say: no name, not objects, too long, too many', () => {
    const entries = [
      null,
      'cwyd_service',
      [],
      { source_url: 'https://github.com/BrainDriveAI/chat-with-your-documents' },
      { name: 'x'.repeat(10_000), healthcheck_url: { toString: 'http://localhost:8000/health' } },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `s${i}` })),
    ]
    const services = readRuntimeServices(entries)
    expect(services[0]).toMatchObject({ name: 'x'.repeat(100), provided: false, healthcheck_url: null })
    expect(services.length).toBe(MAX_RUNTIME_SERVICES - 5 + 1)
    expect(readRuntimeServices({ name: 'not a list' })).toEqual([])
  })

  it('leaves a lifecycle manager without them, or with an unreadable list, with none', () => {
    const base = 'plugin_data = {}\nmodule_data = []\n'
    expect(readLifecycleManager(base).required_services_runtime).toBeUndefined()
    const computed = readLifecycleManager(`${base}required_services_runtime = make_services()\n`)
    expect(computed.required_services_runtime).toBeUndefined()
  })
})
