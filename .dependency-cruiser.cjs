// The project's import rules, checked by dependency-cruiser in `npm run lint` (and so in `npm test` and
// CI). Beside them, ESLint keeps web/core free of hosts (eslint.config.js). The floors are described in
// web/core/CONTEXT.md; scripts/dependencyRules.test.ts plants violations to show each rule bites.

/**
 * web/core's rooms (its top-level folders), floor by floor from the ground. A room imports only rooms
 * of the floors below its own; rooms of one floor do not import one another, so the rooms can form no
 * circle. A room that needs a sibling's code moves up a floor, or the shared piece moves down.
 */
const CORE_FLOORS = [
  ['kernel', 'http'],
  ['store', 'account'],
  ['records', 'retrieve'],
  ['ingest', 'secrets'],
  ['generate', 'documents'],
  ['settings', 'websearch', 'modelhost', 'plugins'],
  ['chat', 'folders'],
  ['providers', 'evaluate', 'sync'],
  ['archive'],
  ['api'],
]

/** Test kits: what tests and the hosts' test set-ups use, never product code. */
const TEST_KITS = '^web/core/testing/'

/** Who may use the test kits: tests, their helpers and set-ups, the browser specs and the benchmarks. */
const TEST_USERS = [
  '[.]test[.]tsx?$',
  '^web/core/testing/',
  '^web/browser/test/',
  '^sync-server/test/',
  '^e2e/',
  '^bench/',
  '^(vitest|playwright)[.]config[.]ts$',
]

const rooms = (floors) => floors.flat().join('|')

const floorRules = CORE_FLOORS.map((floor, i) => ({
  name: `core-floor-${i + 1}`,
  comment:
    `web/core/{${floor.join(',')}} stands on floor ${i + 1}: it imports only rooms of the floors below ` +
    '(web/core/CONTEXT.md), never a room beside it or above it.',
  severity: 'error',
  from: { path: `^web/core/(${floor.join('|')})/`, pathNot: '[.]test[.]tsx?$' },
  to: { path: `^web/core/(${rooms(CORE_FLOORS.slice(i))})/`, pathNot: '^web/core/$1/' },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other in a circle: move the shared piece into a file both can import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...floorRules,
    {
      name: 'core-room-unknown',
      comment:
        'Every folder of web/core stands on a floor: name a new one in CORE_FLOORS (or under testing/).',
      severity: 'error',
      from: { path: '^web/core/[^/]+/', pathNot: `^web/core/(${rooms(CORE_FLOORS)}|testing)/` },
      to: {},
    },
    {
      name: 'test-kits-stand-apart',
      comment: 'web/core/testing is for tests and the hosts’ test set-ups only.',
      severity: 'error',
      from: { pathNot: TEST_USERS },
      to: { path: TEST_KITS },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)node_modules/|^dist' },
    // Type-only imports tie files as much as any other: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
    },
  },
}
