import { readFileSync } from 'node:fs'
import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../api/ApiRequestError'
import { ApiValidationError } from '../../api/ApiValidationError'
import { previewPackage } from './previewPackage'

const notes = JSON.parse(
  readFileSync(new URL('../../../../plugins/QuireNotes/plugin.json', import.meta.url), 'utf8'),
) as { plugin_data: Record<string, unknown>; module_data: Array<Record<string, unknown>> }

const encode = (value: string) => new TextEncoder().encode(value)

function archive(manifest: unknown, files: Record<string, string> = { 'dist/remoteEntry.js': 'var x;' }) {
  const entries: Record<string, Uint8Array> = { 'plugin.json': encode(JSON.stringify(manifest)) }
  for (const [path, content] of Object.entries(files)) entries[path] = encode(content)
  return zipSync(entries)
}

describe('previewPackage', () => {
  it('answers the name, version, author, permissions and modules before anything is installed', async () => {
    const preview = await previewPackage(archive(notes))
    expect(preview).toMatchObject({
      name: 'Quire Notes',
      slug: 'QuireNotes',
      version: '1.0.0',
      author: 'Quire',
      permissions: ['storage.read', 'storage.write'],
      modules: [{ name: 'Notes', displayName: 'Notes' }],
    })
    expect(Array.isArray(preview.warnings)).toBe(true)
  })

  it('refuses what is not an archive with the install’s words', async () => {
    const error = await previewPackage(encode('hello')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect((error as ApiRequestError).status).toBe(400)
    expect((error as ApiRequestError).detail).toMatch(/not a \.zip or \.tar\.gz/)
  })

  it('lists every broken manifest rule with its field', async () => {
    const broken = {
      plugin_data: { ...notes.plugin_data, version: 'one', author: '' },
      module_data: notes.module_data,
    }
    const error = await previewPackage(archive(broken)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiValidationError)
    const places = (error as ApiValidationError).problems.map((p) => p.where)
    expect(places).toContain('plugin_data.version')
    expect(places).toContain('plugin_data.author')
  })

  it('refuses a package without its bundle', async () => {
    const error = await previewPackage(archive(notes, { 'README.md': 'no bundle' })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiValidationError)
    expect((error as ApiValidationError).problems[0]?.where).toBe('plugin_data.bundle_location')
  })
})
