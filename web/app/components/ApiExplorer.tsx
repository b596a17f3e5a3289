import { createMemo, For, onMount, Show } from 'solid-js'
import { getAccount } from '../account/accountApi'
import {
  apiTarget,
  serverAddress,
  serverToken,
  setApiTarget,
  setServerAddress,
  setServerToken,
} from '../openapi/apiTarget'
import { listOperations } from '../openapi/listOperations'
import type { OpenApiDocument } from '../openapi/OpenApiDocument'
import { usePageTitle } from '../usePageTitle'
import { DescriptionText } from './DescriptionText'
import { OperationPanel } from './OperationPanel'

/**
 * The API explorer: every endpoint of the OpenAPI document this origin serves, grouped by tag, each with a
 * "Try it" form. It reads the document at run time, so new endpoints appear here without UI changes.
 */
export function ApiExplorer(props: { document: OpenApiDocument }) {
  usePageTitle('API explorer')
  const groups = createMemo(() => listOperations(props.document))
  const tagId = (tag: string) => `tag-${tag.replace(/[^A-Za-z0-9_-]/g, '-')}`
  // The signed-in account's server, wherever it is; signed out, the server that served this page.
  onMount(() => {
    getAccount().then(
      (account) => setServerAddress(account.signed_in ? (account.server_url ?? undefined) : undefined),
      () => setServerAddress(undefined),
    )
  })

  return (
    <section class="page" aria-labelledby="docs-title">
      <header class="page-header">
        <div>
          <h1 id="docs-title" class="page-title">
            API explorer
          </h1>
          <p class="page-lead">
            {props.document.info.title} {props.document.info.version} · OpenAPI {props.document.openapi}. The
            document itself is at <code>/openapi.json</code>.
          </p>
          <fieldset class="target-choice">
            <legend>Send requests to</legend>
            <label>
              <input
                type="radio"
                name="api-target"
                checked={apiTarget() === 'browser'}
                onChange={() => setApiTarget('browser')}
              />
              This browser’s own API (works offline)
            </label>
            <label>
              <input
                type="radio"
                name="api-target"
                checked={apiTarget() === 'server'}
                onChange={() => setApiTarget('server')}
              />
              The server at <code>{serverAddress() ?? location.origin}</code>
            </label>
            <Show when={apiTarget() === 'server'}>
              <label class="field">
                <span>Token for the server (optional)</span>
                <input
                  class="input"
                  type="password"
                  autocomplete="off"
                  placeholder="qpat_…"
                  value={serverToken()}
                  onInput={(event) => setServerToken(event.currentTarget.value)}
                  aria-describedby="server-token-help"
                />
                <small id="server-token-help" class="muted">
                  Sent as <code>Authorization: Bearer</code>: a personal access token (
                  <code>POST /api/v1/auth/tokens</code>) or an access token. Left empty, the account you
                  signed in to on the Account page is used (signed out, the server's sign-in cookies). Kept
                  only until you leave this page.
                </small>
              </label>
            </Show>
          </fieldset>
        </div>
      </header>

      <Show when={props.document.info.description}>
        {(description) => <DescriptionText class="api-description" source={description()} />}
      </Show>

      <For each={groups()} fallback={<p class="panel">This API description lists no operations.</p>}>
        {(group) => (
          <section class="op-group" aria-labelledby={tagId(group.tag)}>
            <h2 id={tagId(group.tag)} class="op-group-title">
              {group.tag}
            </h2>
            <Show when={group.description}>
              <p class="op-group-description">{group.description}</p>
            </Show>
            <For each={group.operations}>
              {(entry) => <OperationPanel entry={entry} document={props.document} />}
            </For>
          </section>
        )}
      </For>
    </section>
  )
}
