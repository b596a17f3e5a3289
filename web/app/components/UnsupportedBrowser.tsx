import { errorDetail } from '../api/ApiRequestError'
import './unsupportedBrowser.css'

/**
 * The whole page when the in-browser API cannot start. Quire has no server to fall back on here, so this
 * says plainly why and what to try instead of showing an app whose every request would fail.
 */
export function UnsupportedBrowser(props: { error: unknown }) {
  return (
    <main class="unsupported" aria-labelledby="unsupported-title">
      <div class="unsupported-card">
        <p class="brand-large" aria-hidden="true">
          Quire
        </p>
        <h1 id="unsupported-title" class="page-title">
          Quire can’t start in this browser
        </h1>
        <p>
          Quire keeps your documents and runs entirely inside your browser. To do that it needs service
          workers, Web Workers and IndexedDB, and this browser did not let it start them.
        </p>
        <p>What the browser said:</p>
        <pre class="unsupported-error">{errorDetail(props.error)}</pre>
        <p>Things that usually help:</p>
        <ul>
          <li>Use a current version of Chrome, Edge, Firefox or Safari.</li>
          <li>Leave private or incognito mode, which can block storage and service workers.</li>
          <li>Open Quire over https:// (or on localhost); service workers need a secure origin.</li>
        </ul>
        <button type="button" class="button button-primary" onClick={() => location.reload()}>
          Try again
        </button>
      </div>
    </main>
  )
}
