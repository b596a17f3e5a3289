import { MAX_FIELDS_PER_REQUEST, MAX_FILES_PER_REQUEST } from './bodyParser'

/** The sync server's decisions about HTTP itself, as its OpenAPI description states them. */
export const HTTP_DESCRIPTION = `
HTTP on this server (settings in brackets, as the README lists them):
- Host names: a request whose \`Host\` (and, behind a trusted proxy, \`X-Forwarded-Host\`) is not one of the server's
  own names answers 403, which stops DNS rebinding: \`localhost\`, \`*.localhost\`, any IP address, the name it listens
  on (HOST) and ALLOWED_HOSTS; ports are ignored. Checked always without accounts (QUIRE_SINGLE_USER=1); with
  accounts only when ALLOWED_HOSTS is set, so a server behind a domain needs no new setting.
- CORS: with accounts any origin may call with a Bearer token (\`Access-Control-Allow-Origin: *\`, never
  credentials). Without accounts the data needs no credential, so only TRUSTED_ORIGINS get CORS answers (by
  name); other origins' preflights answer 403.
- Paths have one spelling: \`//\` and percent-encoded unreserved characters (\`%61\` for \`a\`) are read as their plain
  form before the rate limits, the credentials check, the body limits and the routes see the path; routes match
  case-sensitively, and an API path spelt in another case (\`/API/...\`) answers 404 at once, its body unread; a
  \`.\` or \`..\` segment answers 400. A request that no route answers is refused before its body is read.
- Cross-site requests: without accounts (QUIRE_SINGLE_USER=1) any API request another site's page sends
  (\`Sec-Fetch-Site\` not same-origin or none, or a foreign \`Origin\`; TRUSTED_ORIGINS excepted) answers 403,
  reads included. With accounts, a cookie-authenticated unsafe request, or a GET that reaches another server
  (the model host's test and model list, web search), from another site answers 403. Those GETs each have a POST
  form with the query's fields in the body, which the app uses.
- Client address: behind a reverse proxy (TRUST_PROXY=1) it is the address the outermost of TRUST_PROXY_HOPS
  proxies (default 1) saw, counted from the right of \`X-Forwarded-For\`: what a client writes there itself cannot
  change the per-IP limits.
- Bodies: JSON up to 16 MB, nested at most 128 levels deep (deeper answers 400). Multipart uploads carry at most
  MAX_UPLOAD_MB of files in all; a larger declared \`Content-Length\` answers 413 before the body is read, and a
  413 for a body too large closes the connection. A part with a filename is a file, with or without a \`Content-Type\`.
  Too many parts answer 400 and close the connection: more than ${MAX_FILES_PER_REQUEST} file parts in one request
  \`too many files in one request (at most ${MAX_FILES_PER_REQUEST})\`, more than ${MAX_FIELDS_PER_REQUEST} text fields
  \`too many fields in one request (at most ${MAX_FIELDS_PER_REQUEST})\`. An upload's temporary files are removed
  before its answer is sent, whatever the answer, or as soon as a client that went away mid-upload is noticed.
- A full disk (ENOSPC) during any write answers 507 saying so and what to do; the write failed whole (no part of a
  file is kept) and what was stored before stays readable. In the browser a full storage quota answers the same.
- While the database does not answer (PostgreSQL restarting or unreachable), a request that needs it answers 503
  with \`Retry-After\` (5 s): send it again then. The server reconnects by itself; an upload refused that way leaves
  no document (taken back once the database answers again), and the jobs go on once it is back.
- Time: a request body that stops arriving for BODY_IDLE_TIMEOUT_S (60 s) answers 408 and the connection closes; a
  whole request, body included, must arrive within REQUEST_TIMEOUT_S (1 h: a 100 MB upload at 0.25 Mbit/s fits).
- Event streams (job events, sync events, model install events, streamed chat answers, conversation replies and AI
  generations): each person may hold MAX_EVENT_STREAMS_PER_USER (16) open at once; one more answers 429 with
  \`Retry-After\`, before any work starts. A stream ends once the session that opened it is signed out or revoked
  (a password change revokes the others) or its personal token is deleted (checked every 5 s).
- Downloads name their file with \`filename*\` (UTF-8, RFC 5987) and an ASCII \`filename\`. Error details never show
  where the server keeps its files.`
