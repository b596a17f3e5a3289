import { strToU8, zipSync } from 'fflate'

/**
 * A test-only plugin written by hand: plugin.json and a `var` container in dist/remoteEntry.js, as a
 * webpack Module Federation build would leave them, with three modules:
 * - Probe tries, from inside its frame, everything a plugin must not do (read Quire's IndexedDB,
 *   cookies, localStorage or the parent page; fetch Quire's API itself; call the api service without
 *   api.access; read another plugin's state; call a method it did not declare) and shows what happened
 *   as JSON in `[data-testid=probe-results]`;
 * - Thrower throws while rendering; Hanger never finishes loading.
 * Its permissions are `storage.read` only.
 */
const REMOTE_ENTRY = `var QuireProbe = (function () {
  var React
  function attempt(run) {
    try {
      return Promise.resolve(run()).then(
        function (value) { return 'allowed: ' + JSON.stringify(value === undefined ? null : value).slice(0, 120) },
        function (error) { return 'blocked: ' + (error && (error.name + ': ' + error.message)) }
      )
    } catch (error) {
      return Promise.resolve('blocked: ' + (error && (error.name + ': ' + error.message)))
    }
  }
  function probe(services) {
    var checks = {
      indexedDB: function () {
        return new Promise(function (resolve, reject) {
          var request = indexedDB.open('quire')
          request.onsuccess = function () { resolve(Array.from(request.result.objectStoreNames)) }
          request.onerror = function () { reject(request.error) }
        })
      },
      cookie: function () { return document.cookie },
      localStorage: function () { return localStorage.getItem('quire-probe-secret') },
      parentDocument: function () { return parent.document.title },
      parentStorage: function () { return parent.localStorage.getItem('quire-probe-secret') },
      fetchApi: function () { return fetch('/api/collections/').then(function (r) { return r.status }) },
      apiWithoutAccess: function () { return services.api.get('/api/collections/') },
      otherPluginState: function () { return services.api.get('/api/v1/plugin-state/?plugin_id=QuireNotes') },
      ownState: function () { return services.api.get('/api/v1/plugin-state/?plugin_id=QuireProbe') },
      undeclaredMethod: function () {
        return services.api.post('/api/v1/plugin-state/', { plugin_id: 'QuireProbe', state_data: {} })
      },
    }
    var names = Object.keys(checks)
    return Promise.all(names.map(function (name) { return attempt(checks[name]) })).then(function (results) {
      var out = {}
      names.forEach(function (name, index) { out[name] = results[index] })
      return out
    })
  }
  function Probe(props) {
    var state = React.useState(null)
    React.useEffect(function () { probe(props.services).then(state[1]) }, [])
    return React.createElement('pre', { 'data-testid': 'probe-results' }, state[0] ? JSON.stringify(state[0], null, 1) : 'probing')
  }
  function Thrower() { throw new Error('the probe module exploded') }
  var modules = {
    './Probe': function () { return { default: Probe } },
    './Thrower': function () { return { default: Thrower } },
  }
  return {
    init: function (scope) {
      var versions = scope.react
      React = versions[Object.keys(versions)[0]].get()()
    },
    get: function (name) {
      if (name === './Hanger') return new Promise(function () {})
      return modules[name] ? Promise.resolve(modules[name]) : Promise.reject(new Error('no ' + name))
    },
  }
})()
`

function module(name: string, services: Record<string, { methods: string[] }>) {
  return {
    name,
    display_name: name,
    description: `The probe's ${name} module`,
    category: 'testing',
    required_services: services,
    layout: { minWidth: 3, minHeight: 2, defaultWidth: 4, defaultHeight: 4 },
  }
}

export const PROBE_PLUGIN = {
  plugin_data: {
    name: 'Quire Probe',
    description: 'Tries what a plugin must not be able to do.',
    version: '1.0.0',
    plugin_slug: 'QuireProbe',
    type: 'frontend',
    official: false,
    author: 'Quire tests',
    compatibility: '1.0.0',
    scope: 'QuireProbe',
    bundle_method: 'webpack',
    bundle_location: 'dist/remoteEntry.js',
    is_local: false,
    installation_type: 'remote',
    permissions: ['storage.read'],
  },
  module_data: [
    module('Probe', { api: { methods: ['get'], version: '1.0.0' } as { methods: string[] } }),
    module('Thrower', {}),
    module('Hanger', {}),
  ],
}

/** The probe plugin as a .zip archive. */
export function probePluginZip(): Buffer {
  return Buffer.from(
    zipSync({
      'plugin.json': strToU8(JSON.stringify(PROBE_PLUGIN, null, 2)),
      'dist/remoteEntry.js': strToU8(REMOTE_ENTRY),
    }),
  )
}
