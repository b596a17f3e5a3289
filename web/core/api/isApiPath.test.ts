import { describe, expect, it } from 'vitest'
import { isApiPath, isAppNavigation } from './isApiPath'

describe('isApiPath', () => {
  it('takes the REST surface and plugin files, leaves the app’s own pages', () => {
    for (const path of ['/api', '/api/v1/plugins', '/health', '/openapi.json', '/plugins/a/1.0.0/x.js'])
      expect(isApiPath(path), path).toBe(true)
    for (const path of ['/', '/plugin-manager', '/plugins', '/pluginsX/a', '/apix', '/settings', '/chat'])
      expect(isApiPath(path), path).toBe(false)
  })

  it('takes BrainDrive’s document-chat service paths outside /api, and nothing that merely starts alike', () => {
    for (const path of [
      '/collections/',
      '/collections/abc',
      '/documents',
      '/chat/sessions/x',
      '/chat/messages',
      '/search/',
    ])
      expect(isApiPath(path), path).toBe(true)
    for (const path of ['/collectionsX', '/chat/sessionsX', '/searchy', '/docs'])
      expect(isApiPath(path), path).toBe(false)
  })
})

describe('isAppNavigation', () => {
  it('is a navigation by Sec-Fetch-Mode, else by asking for HTML first', () => {
    expect(isAppNavigation({ secFetchMode: 'navigate', accept: '*/*' })).toBe(true)
    expect(isAppNavigation({ secFetchMode: 'cors', accept: 'text/html' })).toBe(false)
    expect(isAppNavigation({ accept: 'text/html,application/xhtml+xml' })).toBe(true)
    expect(isAppNavigation({ accept: '*/*' })).toBe(false)
    expect(isAppNavigation({ accept: 'application/json, text/html' })).toBe(false)
    expect(isAppNavigation({})).toBe(false)
  })
})
