import { describe, expect, it } from 'vitest'
import {
  movedByModuleConfig,
  movedServices,
  providedRoute,
  providedServiceFor,
  withMoved,
} from './providedServices'

const route = (url: string) => providedRoute(new URL(url))

describe('providedServiceFor', () => {
  it('knows Chat With Docs’ two runtime services by repository or by health URL', () => {
    expect(
      providedServiceFor({
        source_url: 'https://github.com/BrainDriveAI/chat-with-your-documents',
        healthcheck_url: 'http://localhost:8000/health',
      })?.name,
    ).toBe('cwyd_service')
    expect(
      providedServiceFor({ source_url: 'https://github.com/BrainDriveAI/Document-Processing-Service.git' })
        ?.name,
    ).toBe('document_processing_service')
    expect(providedServiceFor({ healthcheck_url: 'http://127.0.0.1:8080/health' })?.name).toBe(
      'document_processing_service',
    )
  })

  it('does not take other services for Quire’s', () => {
    expect(providedServiceFor({ source_url: 'https://github.com/someone/chat-with-your-documents' })).toBe(
      undefined,
    )
    expect(providedServiceFor({ healthcheck_url: 'http://localhost:8000/status' })).toBe(undefined)
    expect(providedServiceFor({ healthcheck_url: 'http://example.com:8000/health' })).toBe(undefined)
    expect(providedServiceFor({ healthcheck_url: 'not a url', source_url: 42 })).toBe(undefined)
  })
})

describe('providedRoute', () => {
  it('maps the document chat service’s paths onto Quire’s /api', () => {
    expect(route('http://127.0.0.1:8000/collections/')?.path).toBe('/api/collections/')
    expect(route('http://localhost:8000/documents/?collection_id=a')?.path).toBe(
      '/api/documents/?collection_id=a',
    )
    expect(route('http://localhost:8000/api/evaluation/runs')?.path).toBe('/api/evaluation/runs')
    expect(route('http://localhost:18000/collections/')?.path).toBe('/api/collections/')
  })

  it('answers each service’s health with Quire’s', () => {
    expect(route('http://localhost:8000/health')).toMatchObject({ path: '/api/health', health: true })
    expect(route('http://localhost:8080/health')).toMatchObject({ path: '/api/health', health: true })
    expect(route('http://localhost:8080/documents/upload')).toMatchObject({ path: null, health: false })
  })

  it('leaves every other URL alone', () => {
    expect(route('http://localhost:8001/collections/')).toBe(undefined)
    expect(route('https://localhost:8000/collections/')).toBe(undefined)
    expect(route('http://evil.example:8000/collections/')).toBe(undefined)
    expect(route('http://user:pw@localhost:8000/collections/')).toBe(undefined)
  })

  it('keeps dot segments from leaving the prefix (URL parsing folds them first)', () => {
    expect(route('http://localhost:8000/x/../../v1/auth/tokens')?.path).toBe('/api/v1/auth/tokens')
  })
})

describe('movedServices', () => {
  const rag = (documentChat: unknown) =>
    movedServices({ braindrive_rag_service_settings: { document_chat: documentChat } })

  it('reads a port the person gave the RAG service, as the Chat plugin reads it (object or JSON text)', () => {
    expect(rag({ protocol: 'http', host: 'localhost', port: 18001 })).toEqual([
      { service: 'document_chat', port: 18001 },
    ])
    expect(rag({ port: '9100' })).toEqual([{ service: 'document_chat', port: 9100 }])
    expect(
      movedServices({
        braindrive_rag_service_settings: '{"document_chat":{"host":"127.0.0.1","port":9101}}',
      }),
    ).toEqual([{ service: 'document_chat', port: 9101 }])
  })

  it('moves nothing for another host, https, a bad port, the default port or an unrelated setting', () => {
    expect(rag({ host: 'evil.example', port: 9100 })).toEqual([])
    expect(rag({ protocol: 'https', port: 9100 })).toEqual([])
    for (const port of [0, 70000, 1.5, 'x', null]) expect(rag({ port }), String(port)).toEqual([])
    expect(rag({ port: 18000 })).toEqual([])
    expect(movedServices({ braindrive_rag_service_settings: 'not json' })).toEqual([])
    expect(movedServices({ braindrive_rag_service_settings: 'x'.repeat(20_000) })).toEqual([])
    expect(movedServices({ other_settings: { document_chat: { port: 9100 } } })).toEqual([])
  })

  it('routes the moved port as the default one, and a moved port wins over another service’s', () => {
    const moved = rag({ port: 9100 })
    expect(providedRoute(new URL('http://localhost:9100/collections/'), moved)?.path).toBe(
      '/api/collections/',
    )
    expect(providedRoute(new URL('http://localhost:9100/health'), moved)).toMatchObject({ health: true })
    expect(providedRoute(new URL('http://localhost:9100/collections/'))).toBe(undefined)
    expect(providedRoute(new URL('http://evil.example:9100/collections/'), moved)).toBe(undefined)
    // Moved onto the processing service's port: the RAG service's paths are answered there.
    const onto = rag({ port: 8080 })
    expect(providedRoute(new URL('http://localhost:8080/collections/'), onto)?.path).toBe('/api/collections/')
  })
})

describe('movedByModuleConfig', () => {
  it('moves the document chat service to the port of a module’s apiBaseUrl (Chat With Docs’ props.config)', () => {
    const moved = movedByModuleConfig({ apiBaseUrl: 'http://127.0.0.1:9123' })
    expect(moved).toEqual([{ service: 'cwyd_service', port: 9123 }])
    const collections = providedRoute(new URL('http://127.0.0.1:9123/collections/?limit=5'), moved)
    expect(collections).toMatchObject({ path: '/api/collections/?limit=5', health: false })
    expect(collections?.service.name).toBe('cwyd_service')
    expect(movedByModuleConfig({ apiBaseUrl: 'http://localhost:9123/' })).toEqual(moved)
    expect(movedByModuleConfig({ apiBaseUrl: 'http://[::1]:9123' })).toEqual(moved)
  })

  it('moves nothing for the default port, another host, https, credentials, a bad URL or no field', () => {
    for (const apiBaseUrl of [
      'http://127.0.0.1:8000',
      'http://example.com:9123',
      'http://10.0.0.2:9123',
      'https://localhost:9123',
      'http://user:secret@localhost:9123',
      'not a url',
      'x'.repeat(3000),
      42,
      null,
      { port: 9123 },
    ]) {
      expect(movedByModuleConfig({ apiBaseUrl }), String(apiBaseUrl).slice(0, 40)).toEqual([])
    }
    expect(movedByModuleConfig({})).toEqual([])
    expect(providedRoute(new URL('http://example.com:9123/collections/'), movedByModuleConfig({}))).toBe(
      undefined,
    )
  })
})

describe('withMoved', () => {
  it('adds what is new and keeps what was moved before', () => {
    const first = [{ service: 'document_chat', port: 18001 }]
    expect(withMoved(first, [{ service: 'document_chat', port: 18001 }])).toEqual(first)
    expect(withMoved(first, [{ service: 'document_chat', port: 18002 }])).toEqual([
      { service: 'document_chat', port: 18001 },
      { service: 'document_chat', port: 18002 },
    ])
    expect(first).toHaveLength(1)
  })
})
