/** Whether a request for the route opens a stream, from its parsed JSON body. */
type StreamsWhen = (body: unknown) => boolean

const always: StreamsWhen = () => true
const withStreamTrue: StreamsWhen = (body) => (body as { stream?: unknown } | undefined)?.stream === true

/**
 * Every answer of the server that is a `text/event-stream`, by operation id, and when: what
 * MAX_EVENT_STREAMS_PER_USER counts (`EventStreamLimit`). `eventStreams.test.ts` walks the route
 * table and fails for a route that documents an event stream and is missing here, so a new stream
 * (the model installs' were missed once: 40 held open beside the 16 allowed) cannot slip past the cap.
 */
export const EVENT_STREAMS: Record<string, StreamsWhen> = {
  streamJobEvents: always,
  syncEvents: always,
  streamChatMessage: always,
  streamModelHostInstall: always,
  streamModelHostInstallOllama: always,
  replyToConversation: withStreamTrue,
  generateAiText: withStreamTrue,
  chatAiProvider: withStreamTrue,
}
