import { z } from 'zod'
import { archiveEntries, type ExportPorts } from '../../archive/archiveEntries'
import { importArchive, type ImportPorts } from '../../archive/importArchive'
import { ARCHIVE_JSON_LIMITS, importLimits } from '../../archive/archiveFormat'
import { readArchive } from '../../archive/readArchive'
import { zipArchive } from '../../archive/zipArchive'
import { attachmentDisposition } from '../../http/attachmentDisposition'
import { toTimestamp } from '../../kernel/time/Clock'
import { ApiError } from '../../kernel/ApiError'
import { openUpload } from '../../kernel/UploadedFile'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { booleanQuery } from '../platform/booleanQuery'
import { acceptedResponse, asyncQuery, wantsAsync, runPluginJob } from '../platform/plugins/runPluginJob'
import { defineRoute, type Route } from '../Route'

const tags = ['Export and import']

/** An export reads the person's store and files, and dates the archive. */
type ExportRoutePorts = ExportPorts & Pick<ApiPorts, 'clock'>

/** An import writes what an archive holds, checks the upload limit and runs as the host's job. */
type ImportRoutePorts = ImportPorts & Pick<ApiPorts, 'limits' | 'pluginJobs'>

const exportQuery = z.object({
  collection_id: z.string().min(1).max(200).optional(),
  include_chats: booleanQuery.optional().default(false),
})

const importSummary = z.object({
  collections_added: z.number(),
  documents_added: z.number(),
  documents_taken_as_processed: z.number(),
  documents_reprocessed: z.number(),
  documents_already_here: z.number(),
  chat_sessions_added: z.number(),
  chat_messages_added: z.number(),
  records_written: z.number(),
  scope: z
    .enum(['collection', 'account'])
    .describe('What the archive holds: one collection’s, or a whole account’s (Export my data)'),
  settings_restored: z.boolean(),
  ignored: z
    .object({
      settings: z.boolean().describe('The archive held settings that were not restored'),
      records: z.number().describe('Platform records (personas, pages, setting instances...) left out'),
      collections: z.number().describe('Collections outside a collection archive’s own'),
      documents: z.number().describe('Documents outside a collection archive’s own collection'),
      chat_sessions: z.number().describe('Chats not about a collection archive’s own collection'),
    })
    .describe(
      'What the archive held and the import left out: an archive brings only its scope (see the description)',
    ),
  job_id: z.string().optional(),
})

const importQuery = asyncQuery.extend({
  restore_settings: booleanQuery
    .optional()
    .default(false)
    .describe(
      'Restore an account archive’s settings over this person’s own (without it they are restored only into an account that has no settings yet); provider endpoints are never taken over the person’s own',
    ),
})

const FORMAT = `The archive is a zip (DESIGN.md section 13): \`manifest.json\` (\`format: "quire-archive"\`, \`format_version\`, \`quire_version\`, \`created_at\`, \`scope\`, \`counts\`, \`secrets\` saying that API keys are left out, and \`entries\`: the SHA-256 of every other entry), \`collections/<id>.json\`, \`documents/<id>.json\` (metadata naming \`files/<sha256>\`, the original file) and \`documents/<id>.passages.json\` (passages with vectors and their embedder id), \`chats/<id>.json\` (a session with its messages and their sources), \`records/<kind>.json\` (conversations, personas, settings, pages, navigation, plugin state, plugins with their package files) and \`settings.json\`.`

const MB = 1024 * 1024
const L = ARCHIVE_JSON_LIMITS

/** What is checked before anything is written (the import route's description). */
const IMPORT_CHECKS = `It is read where the upload lies, one entry at a time (memory holds one entry, never the archive), and checked whole before anything is written: a file that is not a zip, a damaged or truncated one, one with unsafe entries (\`..\`, absolute paths, links), over the limits or a compression bomb, with one entry unpacking to more than four times the upload limit (export collections one at a time instead), with an entry that does not match its checksum in the manifest, from another program, or made by a newer Quire (a higher \`format_version\`) answers 400 saying what to do, and nothing is imported. JSON is held to what it holds, checked while each entry inflates (inflating stops at the cap): a collection at most ${L.maxCollectionBytes / MB} MB, a document’s metadata ${L.maxDocumentBytes / MB} MB, settings ${L.maxSettingsBytes / MB} MB; passages, chat messages and records are read one at a time, a passage at most ${L.maxPassageBytes / MB} MB, a message ${L.maxMessageBytes / MB} MB, a record ${L.maxRecordBytes / MB} MB; any one string ${L.maxStringChars / MB} M characters; collections, documents’ metadata, records and settings together ${L.maxHeldBytes / MB} MB. Past one, 400 naming it (\`maxDocumentBytes\`...), nothing imported; the server answers others meanwhile.`

/** What an archive brings (the import route's description). */
const IMPORT_SCOPE = `An archive brings only its scope. A collection’s archive (its manifest’s \`scope.collection_id\`) adds that collection, its documents and the chats about it; settings, records (personas, pages, setting instances...) and anything outside that collection are left out, and \`ignored\` in the answer counts them. An account’s archive brings everything, but restores settings (and setting instances) only into an account that has no settings yet, or with \`restore_settings=true\`; restored over the person’s own, theirs stay where the archive has nothing, and no endpoint of the archive replaces one of theirs: an object naming a provider (\`kind\`, \`provider\`, \`*url\`, \`*address\`, \`*endpoint\`, \`*host\`) other than the person’s keeps the person’s whole, one they lack is left out, so an archive can never send their questions or keys to another server.`

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/v1/export',
  operationId: 'exportData',
  summary: 'Export my data (or one collection) as an archive',
  description: `Streams a zip of the signed-in person’s own data: every collection with its documents’ original files, metadata and processed passages, chat sessions, platform records and settings (API keys left out). With \`collection_id\`, that collection alone (with the chats about it when \`include_chats\` is true): the way to hand a collection to another person’s Quire. ${FORMAT} The archive is written as it is sent, one entry at a time.`,
  tags,
  query: exportQuery,
  responses: {
    200: { description: 'The archive', contentType: 'application/zip' },
    400: error('A malformed query parameter'),
    404: error('No such collection'),
  },
  async handler({ query }, ports: ExportRoutePorts) {
    const collectionId = query.collection_id ?? null
    let name = 'quire-export'
    if (collectionId !== null) {
      const collection = await ports.store.collections.getCollection(collectionId)
      if (!collection) throw ApiError.notFound('Collection not found')
      name = `quire-${collection.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60) || 'collection'}`
    }
    const createdAt = toTimestamp(ports.clock.now())
    const scope = { collectionId, includeChats: query.include_chats }
    const stream = zipArchive(archiveEntries(ports, scope), {
      created_at: createdAt,
      scope: { collection_id: collectionId, include_chats: query.include_chats },
    })
    return {
      status: 200,
      stream,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachmentDisposition(`${name}-${createdAt.slice(0, 10)}.zip`),
        'Cache-Control': 'no-store',
      },
    }
  },
})

const importRoute = defineRoute({
  method: 'post',
  path: '/api/v1/import',
  operationId: 'importData',
  summary: 'Import an archive into my data',
  description: `multipart/form-data with \`file\`: an archive made by \`GET /api/v1/export\` on either host. ${IMPORT_CHECKS} ${IMPORT_SCOPE} Then it is brought in all or nothing: ids are kept where free; a collection, chat session or record already here under the same id is the same one (updated only when the archive’s is newer; a session gets only the messages it lacks); a document whose id is taken by another file gets a new id (and the imported chats’ sources cite the new id); a document already in its collection is skipped, so importing the same archive twice adds nothing, also when both imports are sent at once (a person’s imports run one at a time; a failed import’s undo removes only what it wrote, never a file that was already here or that a document uses). Passages and vectors are taken as they are when their embedder is this person’s (after the archive’s settings are restored); other documents are processed again, as uploads are. API keys are never in an archive: those entered here stay. On the sync server this runs as a \`data_import\` job with progress by stage (files, collections, documents, chats, records): the answer comes when it has ended, with \`job_id\`; with \`?async=true\` (or \`Prefer: respond-async\`) 202 with the job’s id at once (the job’s result is the summary). A job interrupted by a restart fails and is undone at its next attempt only as far as the store’s writes allow: import again (nothing is added twice). The browser runs it in the request.`,
  tags,
  bodyType: 'multipart',
  body: z.object({}),
  query: importQuery,
  files: [{ name: 'file', description: 'The archive (.zip) made by an export' }],
  responses: {
    200: {
      description: 'Imported: what was added',
      schema: z.object({ status: z.literal('success'), message: z.string(), data: importSummary }),
    },
    202: acceptedResponse,
    400: error('No file, or an archive that is refused: the reason and what to do'),
    413: error('The archive is larger than the upload limit'),
  },
  async handler({ files, query, headers }, ports: ImportRoutePorts) {
    const file = files.file?.[0]
    if (!file) throw ApiError.badRequest('file is required: the archive to import')
    if (file.size > ports.limits.maxUploadBytes) {
      throw new ApiError(
        413,
        `The archive is larger than ${Math.round(ports.limits.maxUploadBytes / 1048576)} MB, the upload limit`,
      )
    }
    // Checked now, so a refusal is this request's answer, and a job never holds a bad archive. Read
    // where the upload lies, an entry at a time (importLimits); the job reads the entries it stores
    // again from there, and closes the archive when it ends.
    const archive = await readArchive(await openUpload(file), importLimits(ports.limits.maxUploadBytes))
    const payload = { filename: file.filename, file_size: file.size, counts: archive.manifest.counts }
    let started = false
    try {
      return await runPluginJob(
        ports,
        'data_import',
        payload,
        wantsAsync(query, headers),
        async (onProgress) => {
          started = true
          try {
            const summary = await importArchive(ports, archive, onProgress, {
              restoreSettings: query.restore_settings,
            })
            return {
              status: 200,
              body: { status: 'success', message: `Imported ${file.filename}`, data: summary },
            }
          } finally {
            await archive.close()
          }
        },
      )
    } catch (error) {
      // No job was made (too many pending, the database away): nothing else will close it.
      if (!started) await archive.close()
      throw error
    }
  },
})

/** Export and import of a person's data (issue 41), on both hosts. */
export const archiveRoutes: Route[] = [exportRoute, importRoute]
