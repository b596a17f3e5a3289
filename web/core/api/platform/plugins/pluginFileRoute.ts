import { z } from 'zod'
import { errorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { pluginFile, type PluginFilePorts } from './pluginFile'

/**
 * One route serves plugin files on both hosts: `*path` spans segments on @koa/router and in the
 * browser's router (`compileRouteMatcher`). `/plugins/` is an API path (`isApiPath`), so the service worker hands it to
 * the in-browser API (installed plugins load offline) and the server answers it for the signed-in
 * user's own data space only.
 */
export const pluginFileRoute: Route = defineRoute({
  method: 'get',
  path: '/plugins/:plugin_id/:version/*path',
  operationId: 'getPluginFile',
  summary: 'A file of an installed plugin version',
  description: [
    'The bytes of one file of the plugin’s installed package, with its media type, cached privately',
    '(`Cache-Control: private, max-age=31536000, immutable`, `Vary: Authorization, Cookie`: a version’s',
    'files never change, but reading them needs the person’s cookie or token, so no shared cache may keep',
    'them). No plugin file ever runs as a page of the app: every one carries',
    "`Content-Security-Policy: sandbox; default-src 'none'` and `X-Content-Type-Options: nosniff`; what a",
    'module’s frame needs (js, mjs, css, json, map, images, fonts, wasm) is served inline, anything else',
    '(HTML, SVG, XML, text, unknown types) with `Content-Disposition: attachment`. (A module’s frame never',
    'loads these URLs itself: the app fetches the files and hands them to the frame.)',
    '`plugin_id` is the plugin’s id (with or without hyphens) or its slug; `version` must be the',
    'installed version; `path` is the file’s path in the package (it may contain `/`). Any other path',
    '(a folder, a file not in the package, another version) is 404; `..` is 400. Differs from',
    'BrainDrive: served at `/plugins/{plugin_id}/{version}/{path}` (BrainDrive:',
    '`/api/v1/public/plugins/{plugin_id}/{path}`, unversioned and without sign-in).',
  ].join(' '),
  tags: ['Plugins'],
  params: z.object({ plugin_id: z.string(), version: z.string(), path: z.string() }),
  notFoundDetail: 'File not found',
  responses: {
    200: {
      description: 'The file',
      contentType: 'application/octet-stream',
      headers: {
        'Content-Security-Policy':
          "`sandbox; default-src 'none'`: opened as a document, the file runs nothing",
        'X-Content-Type-Options': '`nosniff`',
        'Cache-Control': '`private, max-age=31536000, immutable`',
        Vary: '`Authorization, Cookie`',
        'Content-Disposition':
          '`attachment; filename="…"` for every type but those a module’s frame needs (js, mjs, cjs, css, json, map, png, jpg, gif, webp, ico, fonts, wasm)',
      },
    },
    400: { description: 'A path with `..`', schema: errorSchema },
    404: { description: 'No such file of that plugin version', schema: errorSchema },
  },
  handler: ({ params }, ports: PluginFilePorts) =>
    pluginFile(ports, params.plugin_id, params.version, params.path),
})
