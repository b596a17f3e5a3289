import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorResponse as error } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { Store } from '../../../store/Store'
import type { RecordWrite } from '../../../store/StoredRecord'
import type { RecordPorts } from '../../../records/platformRecords'
import { conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import { installAnswer, installSourcesOf, PLUGIN_SLUG_PARAMS } from './installAnswer'
import { isNewer } from './checkForUpdate'
import { deleteUnusedFiles } from '../../../plugins/pluginFiles'
import { requirePluginBySlugOrId } from './pluginLookup'
import { installPlugin, type InstallOptions, type InstallPorts, type InstallSource } from './installPlugin'
import { withDownloadProgress } from './downloadProgress'
import { acceptedResponse, asyncQuery, JOBS_NOTE, runPluginJob, wantsAsync } from './runPluginJob'
import { checkArchiveUrl, downloadFromUrl } from './installUrl'
import { BUILT_IN_CATALOG_PATH, downloadCatalogEntry, findCatalogEntry, loadCatalog } from './pluginCatalog'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import { pluginUpdateRoutes } from './pluginUpdateRoutes'

const BASE = '/api/v1/plugins'
const tags = ['Plugins']

const installResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.looseObject({
    plugin_id: z.string(),
    plugin_slug: z.string(),
    modules_created: z.array(z.string()),
    warnings: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })),
  }),
})

/** What every install answers: the plugin stored, its job accepted, or why it could not be. */
const installResponses = {
  200: { description: 'Installed', schema: installResponse },
  202: acceptedResponse,
  400: error(
    'Not an archive, a broken or unsafe one (`..`, absolute paths, links, too many or too large files, a compression bomb), a missing form field, or a repository without that release: the reason',
  ),
  404: error('No plugin catalog, or the plugin is not in it'),
  409: conflictResponse(
    'A plugin with that `plugin_slug` is already installed (update or uninstall it first)',
  ),
  413: error('The archive is larger than the limit'),
  422: validationResponse,
  502: error(
    'The URL, release or catalog could not be fetched (offline, refused by the outbound policy, or down)',
  ),
}

const SOURCES =
  'The answer comes once the plugin is stored (see the job below); the package is read as hostile input and never executed (`plugin.json`, or the literals of BrainDrive’s `lifecycle_manager.py`), validated (422 naming every field that breaks a rule; guidance that is not met comes back as `warnings`; a missing `plugin_data.installation_type` is read as `local`, as BrainDrive stores it, though the spec lists it as required), its bundle must be in it, and every file is stored content-addressed with its SHA-256. All or nothing: any failure leaves no record and no file behind. A slug that is taken answers 409 (differs from BrainDrive, which answers 400 "already installed"). The server fetches URLs through its outbound policy (private addresses refused unless OUTBOUND_ALLOW lists them; downloads up to the upload limit); the browser with its own fetch, so a URL must allow CORS.'

const MARKETPLACE = `The marketplace is a catalog JSON \`{plugins: [{id, plugin_slug, name, description, version, download_url, category, tags, permissions, sha256?}]}\` (\`download_url\` absolute or relative to the catalog) at PLUGIN_CATALOG_URL on the server, or the catalog URL setting in the browser; without one, the server uses its built-in catalog of Quire’s sample plugins (\`dist-plugins/\`, also served read-only at \`${BUILT_IN_CATALOG_PATH}\`), and 404 when it was not built.`

const installForm = z.object({
  method: z.string().min(1),
  repo_url: z.string().optional(),
  version: z.string().optional(),
  plugin_slug: z.string().optional(),
  catalog_id: z.string().optional(),
  filename: z.string().optional(),
})

/** Normalised install methods: BrainDrive's `local-file` is an upload, its `github` a URL. */
const METHODS: Record<string, 'upload' | 'url' | 'marketplace'> = {
  upload: 'upload',
  'local-file': 'upload',
  file: 'upload',
  url: 'url',
  github: 'url',
  remote: 'url',
  marketplace: 'marketplace',
}

/** A download and install: what `installPlugin` stores, and the plugin sources it downloads from. */
type DownloadInstallPorts = InstallPorts & Pick<ApiPorts, 'pluginSources'>

/** The install routes also check the upload limit and run as the host's job where it has jobs. */
type InstallRoutePorts = DownloadInstallPorts & Pick<ApiPorts, 'limits' | 'pluginJobs'>

/** The marketplace: the catalog from the plugin sources, marked with the plugins installed (records). */
type MarketplacePorts = Pick<ApiPorts, 'pluginSources'> & RecordPorts

/** An uninstall deletes the plugin's records and the files nothing else uses (documents' count); a failed file delete is logged. */
type UninstallPorts = Pick<ApiPorts, 'files' | 'logError'> & { store: Pick<Store, 'records' | 'documents'> }

/** The install's options and its downloads reporting progress to the job (when there is one). */
function withProgress<Ports extends Pick<ApiPorts, 'pluginSources'>>(
  ports: Ports,
  onProgress: NonNullable<InstallOptions['onProgress']>,
  signal: AbortSignal,
): { ports: Ports; options: InstallOptions } {
  return {
    ports: { ...ports, pluginSources: withDownloadProgress(installSourcesOf(ports), onProgress, signal) },
    options: { onProgress, signal },
  }
}

async function installFromUrl(
  ports: DownloadInstallPorts,
  repoUrl: string,
  version: string | undefined,
  options: InstallOptions = {},
) {
  const url = repoUrl.trim()
  if (url === '') throw ApiError.badRequest('repo_url is required for a URL installation')
  const download = await downloadFromUrl(installSourcesOf(ports), url, version?.trim() || 'latest')
  const source: InstallSource = { method: 'url', url }
  return { result: await installPlugin(ports, download.bytes, source, options), download }
}

async function installFromCatalog(ports: DownloadInstallPorts, name: string, options: InstallOptions = {}) {
  const sources = installSourcesOf(ports)
  const catalog = await loadCatalog(sources)
  const entry = findCatalogEntry(catalog, name)
  const { bytes, archiveUrl } = await downloadCatalogEntry(sources, catalog, entry)
  const source: InstallSource = { method: 'marketplace', catalog_id: entry.id, url: archiveUrl }
  return { result: await installPlugin(ports, bytes, source, options), entry }
}

const installRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: `${BASE}/install`,
    operationId: 'installPlugin',
    summary: 'Install a plugin from a file, a URL or the marketplace',
    description: `multipart/form-data. \`method\`: \`upload\` (or BrainDrive’s \`local-file\`) with \`file\` (.zip or .tar.gz, sniffed from the bytes); \`url\` (or BrainDrive’s \`github\`) with \`repo_url\` — a GitHub repository URL (its release \`version\`, default latest: the release’s first .zip/.tar.gz asset, else its source archive at the tag) or a direct archive URL; \`marketplace\` with \`plugin_slug\` or \`catalog_id\`. Answers BrainDrive’s \`{status: 'success', message, data: {plugin_id, plugin_slug, modules_created, source, ...}}\` plus \`data.warnings\` and \`data.plugin\` (the installed plugin). ${SOURCES} ${MARKETPLACE} An unknown method or a missing field is 400, as BrainDrive answers it. ${JOBS_NOTE}`,
    tags,
    errorStyle: 'platform',
    bodyType: 'multipart',
    body: installForm,
    query: asyncQuery,
    files: [{ name: 'file', description: 'The plugin archive (.zip or .tar.gz), for `method` upload' }],
    responses: installResponses,
    async handler({ body, files, query, headers }, ports: InstallRoutePorts) {
      const respondAsync = wantsAsync(query, headers)
      const method = METHODS[body.method.trim().toLowerCase()]
      if (!method) {
        throw ApiError.badRequest(
          `Unsupported installation method: ${body.method.slice(0, 40)}. Supported methods: 'upload' (or 'local-file'), 'url' (or 'github'), 'marketplace'`,
        )
      }
      if (method === 'upload') {
        const file = files.file?.[0]
        if (!file) throw ApiError.badRequest('file is required for a file installation')
        if (file.size > ports.limits.maxUploadBytes) {
          throw new ApiError(
            413,
            `The archive is larger than ${Math.round(ports.limits.maxUploadBytes / 1048576)} MB`,
          )
        }
        // Read now: the upload's part is removed when the request ends, and a job may outlive it.
        const bytes = await file.bytes()
        const filename = body.filename ?? file.filename
        const payload = { method: 'upload', filename, file_size: file.size }
        return runPluginJob(ports, 'plugin_install', payload, respondAsync, async (onProgress, signal) => {
          const result = await installPlugin(ports, bytes, { method: 'upload' }, { onProgress, signal })
          return installAnswer(
            result,
            `Plugin '${String(result.plugin.data.name)}' installed from ${filename}`,
            {
              source: body.method === 'local-file' ? 'local-file' : 'upload',
              filename,
              file_size: file.size,
              // BrainDrive's installer shows data.version for every install
              version: String(result.plugin.data.version),
            },
          )
        })
      }
      installSourcesOf(ports) // this host cannot download: 503 before any job
      if (method === 'url') {
        const repoUrl = body.repo_url
        if (repoUrl === undefined) throw ApiError.badRequest('repo_url is required for a URL installation')
        const payload = { method: 'url', repo_url: repoUrl, version: body.version ?? 'latest' }
        return runPluginJob(ports, 'plugin_install', payload, respondAsync, async (onProgress, signal) => {
          const job = withProgress(ports, onProgress, signal)
          const { result, download } = await installFromUrl(job.ports, repoUrl, body.version, job.options)
          return installAnswer(
            result,
            `Plugin '${String(result.plugin.data.name)}' installed from ${repoUrl}`,
            {
              source: body.method === 'github' ? 'github' : 'url',
              repo_url: repoUrl,
              version: String(result.plugin.data.version),
              archive_url: download.archiveUrl,
            },
          )
        })
      }
      const name = body.plugin_slug ?? body.catalog_id
      if (!name)
        throw ApiError.badRequest('plugin_slug or catalog_id is required for a marketplace installation')
      const payload = { method: 'marketplace', plugin_slug: name }
      return runPluginJob(ports, 'plugin_install', payload, respondAsync, async (onProgress, signal) => {
        const job = withProgress(ports, onProgress, signal)
        const { result, entry } = await installFromCatalog(job.ports, name, job.options)
        return installAnswer(
          result,
          `Plugin '${String(result.plugin.data.name)}' installed from the marketplace`,
          {
            source: 'marketplace',
            catalog_id: entry.id,
            version: String(result.plugin.data.version),
          },
        )
      })
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/install-from-url`,
    operationId: 'installPluginFromUrl',
    summary: 'Install a plugin from a GitHub repository or an archive URL',
    description: `JSON \`{repo_url, version?}\`: the same as \`POST /api/v1/plugins/install\` with \`method\` url. ${SOURCES} ${JOBS_NOTE}`,
    tags,
    errorStyle: 'platform',
    body: z.object({ repo_url: z.string().min(1), version: z.string().optional().default('latest') }),
    query: asyncQuery,
    responses: installResponses,
    async handler({ body, query, headers }, ports: InstallRoutePorts) {
      checkArchiveUrl(body.repo_url.includes('://') ? body.repo_url : `https://${body.repo_url}`)
      installSourcesOf(ports) // this host cannot download: 503 before any job
      const payload = { method: 'url', repo_url: body.repo_url, version: body.version }
      const respondAsync = wantsAsync(query, headers)
      return runPluginJob(ports, 'plugin_install', payload, respondAsync, async (onProgress, signal) => {
        const job = withProgress(ports, onProgress, signal)
        const { result, download } = await installFromUrl(job.ports, body.repo_url, body.version, job.options)
        return installAnswer(
          result,
          `Plugin '${String(result.plugin.data.name)}' installed from ${body.repo_url}`,
          {
            source: 'remote',
            repo_url: body.repo_url,
            version: String(result.plugin.data.version),
            archive_url: download.archiveUrl,
            plugin_name: String(result.plugin.data.name),
          },
        )
      })
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/available`,
    operationId: 'listAvailablePlugins',
    summary: 'The marketplace: plugins that can be installed',
    description: `BrainDrive’s \`{status: 'success', data: {available_plugins: {[plugin_slug]: entry}, total_count}}\`, each entry the catalog’s fields plus \`installed\`, \`installed_version\`, \`installed_plugin_id\` and \`update_available\` (the catalog’s version is above the installed one). ${MARKETPLACE} Where no catalog is configured or built (a PWA hosted without a sync server, say) the marketplace is empty, not an error: 200 with no plugins, \`catalog_url\` null and a \`message\` saying how to set one. A catalog that cannot be fetched answers 502 (offline in the browser, for instance).`,
    tags,
    errorStyle: 'platform',
    responses: {
      200: {
        description: 'The catalog’s plugins, by slug',
        schema: z.object({
          status: z.literal('success'),
          data: z.object({
            available_plugins: z.record(
              z.string(),
              z.looseObject({ plugin_slug: z.string(), installed: z.boolean() }),
            ),
            total_count: z.int(),
            catalog_url: z.string().nullable(),
            message: z.string().optional(),
          }),
        }),
      },
      502: error('The catalog could not be fetched'),
    },
    async handler(_input, ports: MarketplacePorts) {
      const catalog = await loadCatalog(installSourcesOf(ports)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return error
        throw error
      })
      if (catalog instanceof ApiError) {
        const data = { available_plugins: {}, total_count: 0, catalog_url: null, message: catalog.message }
        return { status: 200, body: { status: 'success', data } }
      }
      const installed = new Map(
        (await pluginKind.list(ports)).map((record) => [String(record.data.plugin_slug), record]),
      )
      const available: Record<string, Record<string, unknown>> = {}
      for (const entry of catalog.entries) {
        const record = installed.get(entry.plugin_slug)
        const version = record ? String(record.data.version) : null
        available[entry.plugin_slug] = {
          ...entry,
          installed: record !== undefined,
          installed_version: version,
          installed_plugin_id: record?.id ?? null,
          update_available: version !== null && isNewer(entry.version, version),
        }
      }
      return {
        status: 200,
        body: {
          status: 'success',
          data: {
            available_plugins: available,
            total_count: catalog.entries.length,
            catalog_url: catalog.url ?? null,
          },
        },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:plugin_slug/install`,
    operationId: 'installCatalogPlugin',
    summary: 'Install one plugin of the marketplace by its slug',
    description: `The catalog entry whose \`plugin_slug\` (or \`id\`) is the path’s. Differs from BrainDrive, whose direct install takes a plugin from the server’s own plugins folder: Quire runs no plugin code on the server, so its "local" plugins are the built-in catalog’s. ${SOURCES} ${MARKETPLACE} ${JOBS_NOTE}`,
    tags,
    errorStyle: 'platform',
    params: PLUGIN_SLUG_PARAMS,
    notFoundDetail: 'Plugin not found',
    query: asyncQuery,
    responses: installResponses,
    async handler({ params, query, headers }, ports: InstallRoutePorts) {
      installSourcesOf(ports) // this host cannot download: 503 before any job
      const payload = { method: 'marketplace', plugin_slug: params.plugin_slug }
      const respondAsync = wantsAsync(query, headers)
      return runPluginJob(ports, 'plugin_install', payload, respondAsync, async (onProgress, signal) => {
        const job = withProgress(ports, onProgress, signal)
        const { result, entry } = await installFromCatalog(job.ports, params.plugin_slug, job.options)
        return installAnswer(result, `Plugin '${params.plugin_slug}' installed successfully`, {
          source: 'marketplace',
          catalog_id: entry.id,
          version: String(result.plugin.data.version),
        })
      })
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:plugin_slug/uninstall`,
    operationId: 'uninstallPlugin',
    summary: 'Uninstall a plugin: its record, its modules and its files',
    description:
      "BrainDrive’s `{status: 'success', message, data: {plugin_slug, plugin_id, deleted_modules}}`. The plugin and its modules go in one write (and from the person’s other devices by sync); then its files, where no other plugin or document uses the same bytes. Pages that placed its modules keep their layout and show the module as missing. 404 for a slug not installed. Differs from BrainDrive: the path also takes the plugin’s id (with or without hyphens) where no plugin has that slug, because BrainDrive’s plugin manager builds it from a plugin’s id by cutting a `{user_id}_` prefix, which Quire’s ids do not have.",
    tags,
    errorStyle: 'platform',
    params: PLUGIN_SLUG_PARAMS,
    notFoundDetail: 'Plugin not found',
    responses: {
      200: {
        description: 'Uninstalled',
        schema: z.object({
          status: z.literal('success'),
          message: z.string(),
          data: z.object({ plugin_slug: z.string(), plugin_id: z.string(), deleted_modules: z.int() }),
        }),
      },
      404: notFoundResponse('Plugin not found'),
    },
    async handler({ params }, ports: UninstallPorts) {
      const record = await requirePluginBySlugOrId(ports, params.plugin_slug)
      const slug = String(record.data.plugin_slug)
      const modules = await pluginModuleKind.list(ports, record.id)
      const writes: RecordWrite[] = [
        ...modules.map((module) => ({ delete: { kind: pluginModuleKind.kind, id: module.id } })),
        { delete: { kind: pluginKind.kind, id: record.id } },
      ]
      await ports.store.records.writeRecords(writes)
      await deleteUnusedFiles(
        ports,
        Object.values((record.data.files as Record<string, string> | undefined) ?? {}),
      ).catch(ports.logError)
      return {
        status: 200,
        body: {
          status: 'success',
          message: `Plugin '${slug}' uninstalled successfully`,
          data: { plugin_slug: slug, plugin_id: record.id, deleted_modules: modules.length },
        },
      }
    },
  }),
]

/**
 * Install, uninstall, the marketplace and updates (`pluginUpdateRoutes`). Literal paths
 * (`/install`, `/install-from-url`, `/available`, `/updates/available`) never meet a `/:plugin_slug/...`
 * path of the same shape, so their order does not matter to either router.
 */
export const pluginInstallRoutes: Route[] = [...installRoutes, ...pluginUpdateRoutes]
