// Entry of the process `pollHealthInChild` forks: polls /api/health until told to stop, then sends
// every sample back and exits. Its own event loop does nothing else, so its timings are the server's.
import type { HealthPollCommand, HealthPollReply } from './HealthPollMessage'
import { pollHealth, type HealthPoll } from './pollHealth'

let poll: HealthPoll | undefined
const reply = (message: HealthPollReply) => process.send?.(message)

process.on('message', (command: HealthPollCommand) => {
  if (command.type === 'start') {
    poll = pollHealth(command.url, command.intervalMs)
    // Said only now: until this module ran (tsx loads it for seconds on a busy machine) nothing polled.
    process.send?.({ started: true })
    return
  }
  const running = poll
  if (!running) {
    reply({ ok: false, error: 'stop before start' })
    return
  }
  running.stop().then(
    (samples) => reply({ ok: true, samples }),
    (error: unknown) => reply({ ok: false, error: String(error) }),
  )
})
