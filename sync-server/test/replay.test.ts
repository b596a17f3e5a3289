import { replaySuite } from '../../web/core/testing/replay/replaySuite'
import { describeSignedIn } from './describeSignedIn'

// BrainDrive's clients against the Koa server over real HTTP, as a new account (what sign-up seeds
// included), signed in as those clients are. Each test's title cites where the client makes the request.
describeSignedIn(
  'BrainDrive client replay on the Koa server (real HTTP, a new account)',
  'replay',
  replaySuite
    .filter((c) => !c.hosts || c.hosts.includes('server'))
    .map((c) => ({ ...c, title: `${c.name} [${c.sources.join('; ')}]` })),
)
