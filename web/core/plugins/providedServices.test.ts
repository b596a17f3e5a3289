import { describe, expect, it } from 'vitest'
import { providedRoute, providedServiceFor } from './providedServices'

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
