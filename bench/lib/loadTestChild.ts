// Entry of the load-generator process forked by `loadTest`: receives one LoadTestOptions over IPC, runs it
// and answers with a LoadTestReply. It has no exports; nothing should import it.
import type { LoadTestOptions, LoadTestReply } from './LoadTestOptions'
import { runAutocannon } from './runAutocannon'

let answered = false
// The parent disconnects once it has the reply; a disconnect before that means the parent died, and a
// load generator left running would skew whatever is measured next.
process.once('disconnect', () => process.exit(answered ? 0 : 1))

process.once('message', (message: LoadTestOptions) => {
  void runAutocannon(message).then(
    (summary) => reply({ ok: true, summary }),
    (error: unknown) =>
      reply({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})

function reply(message: LoadTestReply): void {
  if (!process.send) throw new Error('loadTestChild must be started by loadTest() with an IPC channel')
  answered = true
  process.send(message)
}
