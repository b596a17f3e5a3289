import { existsSync } from 'node:fs'
import { configFromEnv, type ServerConfig } from './config'
import { describeRegistration } from './auth/registration'
import { startServer } from './startServer'
import { storeUnavailable } from '../../web/core/store/storeUnavailable'

// A database call whose promise nobody awaited, failing because PostgreSQL went away, must not end
// the server: seen once in about fifteen PostgreSQL crashes under load (postgresRestart.test), a
// pooled connection cut mid-query ("Connection terminated unexpectedly") whose caller is not yet
// found. It is logged; the request or job that needed it got its own answer. Any other unhandled
// rejection still ends the process, as Node's default does.
process.on('unhandledRejection', (reason) => {
  if (!storeUnavailable(reason)) throw reason
  console.error('A database call failed while the database was away:', reason)
})

/** `npm start` / `npm run serve`: the sync server with the built PWA, until SIGTERM or Ctrl-C. */
async function main() {
  let config: ServerConfig
  try {
    config = configFromEnv()
  } catch (error) {
    // A setting refused at start: its message says what to fix.
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  if (config.staticDir && !existsSync(config.staticDir)) {
    console.warn(`No built app in ${config.staticDir} (run "npm run build"); serving the API only.`)
    config.staticDir = undefined
  }
  const running = await startServer(config, { line: (line) => console.log(line), error: console.error })
  // Every address it answers at (all of them when bound to every interface), and who may sign up.
  const access = config.singleUser
    ? 'single user, no accounts'
    : describeRegistration(config.registration ?? { mode: 'open' })
  console.log(`Quire is ready at ${running.urls.join(', ')}  (data in ${config.dataDir}; ${access})`)

  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down`)
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  // Anything else (a database refusing a statement, a port in use): the stack names the failing step.
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
