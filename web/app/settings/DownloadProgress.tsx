/** A model download's progress bar and its line of text (shared by the embedder and WebLLM sections). */
export function DownloadProgress(props: {
  label: string
  class: string
  progress: number
  text: string
  textId?: string
}) {
  return (
    <div class={`download-progress ${props.class}`}>
      <progress
        max={1}
        value={props.progress}
        aria-label={props.label}
        aria-valuetext={`${Math.round(props.progress * 100)}%`}
      />
      <p id={props.textId} class="field-hint" role="status">
        {props.text}
      </p>
    </div>
  )
}
