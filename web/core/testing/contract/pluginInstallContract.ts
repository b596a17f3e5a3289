import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import {
  testManifest,
  testPluginFiles,
  testPluginZip,
  zipOf,
} from '../../api/platform/plugins/installTestPackages'
import type { ContractClient } from './ContractClient'
import { responseJson } from './responseJson'
import { toBase64 } from './toBase64'

const P = '/api/v1/plugins'

/** `POST /api/v1/plugins/install` with `method` upload (or BrainDrive's local-file) and the archive. */
function uploadInstall(bytes: Uint8Array, method = 'upload') {
  return {
    method: 'POST',
    path: `${P}/install`,
    multipart: {
      fields: { method },
      files: [{ field: 'file', filename: 'plugin.zip', type: 'application/zip', base64: toBase64(bytes) }],
    },
  }
}

interface InstallAnswer {
  status: string
  data: {
    plugin_id: string
    plugin_slug: string
    modules_created: string[]
    plugin_directory: string
    warnings: unknown[]
  }
}

/** The slugs installed, as the manifest (keyed by slug) lists them. */
async function installedSlugs(client: ContractClient): Promise<string[]> {
  return Object.keys(
    responseJson<Record<string, unknown>>(await client({ method: 'GET', path: `${P}/manifest` })),
  )
}

/** A 4xx whose detail matches (a string detail, or the list of a 422's issues). */
function checkRefused(response: { status: number; text: string }, status: number, pattern: RegExp) {
  checkEqual(response.status, status, `status (body ${response.text.slice(0, 300)})`)
  check(pattern.test(response.text), `detail matching ${pattern}: ${response.text.slice(0, 300)}`)
}

export const pluginInstallContract: HostCase<ContractClient>[] = [
  {
    name: 'services/restart: a service Quire provides restarts (it is Quire’s own), another is a 409 naming it',
    async run(client) {
      const slug = 'ContractServices'
      // As BrainDrive's Chat-With-Docs plugin declares its services (lifecycle_manager.py:130).
      const services = [
        { name: 'cwyd_service', healthcheck_url: 'http://localhost:8000/health', definition_id: 'd' },
        { name: 'document_processing_service', healthcheck_url: 'http://localhost:8080/health' },
        { name: 'mystery_service', healthcheck_url: 'http://localhost:9999/health' },
      ]
      const files = {
        ...testPluginFiles({ slug }),
        'plugin.json': JSON.stringify({ ...testManifest({ slug }), required_services_runtime: services }),
      }
      checkEqual((await client(uploadInstall(zipOf(files)))).status, 200, 'install')
      const path = `${P}/${slug}/services/restart`
      // What the plugin sends (ChatCollectionSettings.tsx:489), env too.
      const sent = { definition_id: 'braindrive_chat_with_documents_settings', user_id: 'current' }
      const one = await client({
        method: 'POST',
        path,
        json: { ...sent, service_name: 'cwyd_service', env: {} },
      })
      checkEqual(one.status, 200, `provided service (body ${one.text.slice(0, 200)})`)
      const answer = responseJson<{ success: boolean; message: string; restarted: string[] }>(one)
      checkEqual([answer.success, answer.restarted], [true, ['cwyd_service']], 'restarted')
      check(answer.message.includes('provided by Quire'), `says so: ${answer.message}`)
      checkRefused(
        await client({ method: 'POST', path, json: { ...sent, service_name: 'mystery_service' } }),
        409,
        /does not run mystery_service/,
      )
      // All of them: one is not Quire's, so nothing claims to have restarted.
      checkRefused(await client({ method: 'POST', path, json: sent }), 409, /mystery_service/)
      checkRefused(
        await client({ method: 'POST', path, json: { ...sent, service_name: 'nope' } }),
        404,
        /no service named nope/,
      )
      checkRefused(await client({ method: 'POST', path, json: { user_id: 'current' } }), 400, /definition_id/)
      checkRefused(
        await client({ method: 'POST', path, json: { ...sent, service_name: 7 } }),
        400,
        /service_name/,
      )
      checkRefused(
        await client({
          method: 'POST',
          path,
          json: { ...sent, user_id: '0f8e3a1c-9b2d-4e5f-8a7b-6c5d4e3f2a1b' },
        }),
        403,
        /another user/,
      )
      checkRefused(
        await client({ method: 'POST', path: `${P}/NoSuchServices/services/restart`, json: sent }),
        404,
        /not found/,
      )
      checkEqual(
        (await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status,
        200,
        'uninstall',
      )
    },
  },
  {
    name: 'POST /api/v1/plugins/install (upload) installs a .zip; its bundle is served; uninstall removes it',
    async run(client) {
      const slug = 'ContractUpload'
      const answer = responseJson<InstallAnswer>(
        await client(uploadInstall(testPluginZip({ slug }), 'local-file')),
      )
      checkEqual(answer.status, 'success', 'status')
      checkEqual(answer.data.plugin_slug, slug, 'plugin_slug')
      checkEqual(answer.data.modules_created.length, 1, 'one module created')
      check(Array.isArray(answer.data.warnings), 'warnings listed')
      check((await installedSlugs(client)).includes(slug), 'listed in the manifest')
      const bundle = await client({
        method: 'GET',
        path: `${answer.data.plugin_directory}dist/remoteEntry.js`,
      })
      checkEqual(bundle.status, 200, 'bundle served')
      checkEqual(bundle.text, testPluginFiles({ slug })['dist/remoteEntry.js'], 'bundle bytes')

      const gone = await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })
      checkEqual(gone.status, 200, `uninstall (body ${gone.text.slice(0, 200)})`)
      const body = responseJson<{ data: { plugin_id: string; deleted_modules: number } }>(gone)
      checkEqual(body.data.plugin_id, answer.data.plugin_id, 'uninstalled plugin id')
      checkEqual(body.data.deleted_modules, 1, 'deleted modules')
      check(!(await installedSlugs(client)).includes(slug), 'gone from the manifest')
      checkEqual(
        (await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status,
        404,
        'second uninstall',
      )
      const after = await client({
        method: 'GET',
        path: `${answer.data.plugin_directory}dist/remoteEntry.js`,
      })
      checkEqual(after.status, 404, 'bundle no longer served')
    },
  },
  {
    name: 'POST /api/v1/plugins/install refuses a taken slug (409) and bad packages (400/422), installing nothing',
    async run(client) {
      const slug = 'ContractTaken'
      checkEqual((await client(uploadInstall(testPluginZip({ slug })))).status, 200, 'first install')
      checkRefused(
        await client(uploadInstall(testPluginZip({ slug, version: '2.0.0' }))),
        409,
        /already installed/,
      )

      const files = testPluginFiles({ slug: 'ContractBad' })
      const withoutBundle = { ...files }
      delete withoutBundle['dist/remoteEntry.js']
      const bad: Array<[string, Uint8Array, number, RegExp]> = [
        ['.. entry', zipOf({ ...files, '../escape.js': 'x' }), 400, /\.\./],
        ['no manifest', zipOf({ 'dist/remoteEntry.js': 'var x' }), 422, /plugin\.json|lifecycle_manager/],
        ['malformed manifest', zipOf({ ...files, 'plugin.json': '{"plugin_data": [' }), 422, /JSON/],
        [
          'non-literal lifecycle_manager.py',
          zipOf({
            'lifecycle_manager.py': 'plugin_data = load()\nmodule_data = []\n',
            'dist/remoteEntry.js': 'x',
          }),
          422,
          /literal|plugin_data/i,
        ],
        ['version not semantic', testPluginZip({ slug: 'ContractBad', version: 'latest' }), 422, /semantic/],
        ['missing remoteEntry.js', zipOf(withoutBundle), 422, /bundle_location|remoteEntry/],
        ['not an archive', new TextEncoder().encode('not a zip at all'), 400, /archive/i],
      ]
      for (const [name, bytes, status, pattern] of bad) {
        checkRefused(await client(uploadInstall(bytes)), status, pattern)
        check(!(await installedSlugs(client)).includes('ContractBad'), `nothing installed after ${name}`)
      }
      checkRefused(
        await client({
          method: 'POST',
          path: `${P}/install`,
          multipart: { fields: { method: 'upload' }, files: [] },
        }),
        400,
        /file is required/,
      )
      checkRefused(
        await client({
          method: 'POST',
          path: `${P}/install`,
          multipart: { fields: { method: 'carrier-pigeon' }, files: [] },
        }),
        400,
        /Unsupported installation method/,
      )
      checkEqual((await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status, 200, 'cleanup')
    },
  },
  {
    name: 'Plugin files never open as a page of the app: frame files sandboxed, HTML/SVG/unknown as attachments, cached privately',
    async run(client) {
      const slug = 'ContractFileHeaders'
      const script = '<script>parent.stolen = document.cookie</script>'
      const zip = zipOf({
        ...testPluginFiles({ slug }),
        'x.html': `<!doctype html>${script}`,
        'x.svg': `<svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`,
        'notes.weird': 'bytes',
        'dist/style.css': '.a{}',
      })
      const answer = responseJson<InstallAnswer>(await client(uploadInstall(zip)))
      const base = answer.data.plugin_directory
      for (const path of ['x.html', 'x.svg', 'notes.weird', 'dist/remoteEntry.js', 'dist/style.css']) {
        const file = await client({ method: 'GET', path: `${base}${path}` })
        checkEqual(file.status, 200, `${path} served`)
        checkEqual(file.headers['content-security-policy'], "sandbox; default-src 'none'", `${path} CSP`)
        checkEqual(file.headers['x-content-type-options'], 'nosniff', `${path} nosniff`)
        checkEqual(file.headers['cache-control'], 'private, max-age=31536000, immutable', `${path} caching`)
        check(/Authorization/.test(file.headers.vary ?? ''), `${path} varies by Authorization`)
        const attachment = /^attachment/.test(file.headers['content-disposition'] ?? '')
        checkEqual(attachment, !path.startsWith('dist/'), `${path} as an attachment`)
      }
      checkEqual((await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status, 200, 'cleanup')
    },
  },
  {
    name: 'POST /api/v1/plugins/install refuses (409) a package whose plugin_data.id is another installed plugin’s',
    async run(client) {
      const owner = responseJson<InstallAnswer>(
        await client(uploadInstall(testPluginZip({ slug: 'ContractIdOwner' }))),
      )
      const id = owner.data.plugin_id
      for (const claimed of [id, id.replaceAll('-', ''), 'ContractIdOwner']) {
        const zip = testPluginZip({ slug: 'ContractIdThief', plugin: { id: claimed } })
        checkRefused(await client(uploadInstall(zip)), 409, /ContractIdOwner/)
        check(!(await installedSlugs(client)).includes('ContractIdThief'), `nothing installed (${claimed})`)
      }
      const info = responseJson<{ id: string }>(
        await client({ method: 'GET', path: `${P}/by-slug/ContractIdOwner` }),
      )
      checkEqual(info.id, id, 'the owner keeps its id')
      const own = await client(
        uploadInstall(testPluginZip({ slug: 'ContractIdFree', plugin: { id: 'free' } })),
      )
      checkEqual(own.status, 200, `an id nobody has is fine (body ${own.text.slice(0, 200)})`)
      for (const slug of ['ContractIdOwner', 'ContractIdFree'])
        checkEqual(
          (await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status,
          200,
          'cleanup',
        )
    },
  },
  {
    name: 'Plugin update routes: 404 for a slug not installed; a plugin uploaded as a file has no update source',
    async run(client) {
      checkEqual(
        (await client({ method: 'GET', path: `${P}/NotInstalled/update/available` })).status,
        404,
        'check',
      )
      checkEqual((await client({ method: 'POST', path: `${P}/NotInstalled/update` })).status, 404, 'update')
      const slug = 'ContractNoSource'
      checkEqual((await client(uploadInstall(testPluginZip({ slug })))).status, 200, 'install')
      const check1 = responseJson<{ data: { update_available: boolean; checked: boolean; reason: string } }>(
        await client({ method: 'GET', path: `${P}/${slug}/update/available` }),
      )
      checkEqual(check1.data.update_available, false, 'no update')
      checkEqual(check1.data.checked, false, 'not checked: no source')
      checkRefused(
        await client({ method: 'POST', path: `${P}/${slug}/update` }),
        400,
        /no|does not have a source/,
      )
      checkEqual((await client({ method: 'DELETE', path: `${P}/${slug}/uninstall` })).status, 200, 'cleanup')
    },
  },
]
