import './documentTable.css'

/** A table cell with nothing to show: a dash to the eye, words to a screen reader (which would say "dash"). */
export function BlankValue(props: { label?: string }) {
  return (
    <>
      <span aria-hidden="true" class="blank-value">
        —
      </span>
      <span class="visually-hidden">{props.label ?? 'None'}</span>
    </>
  )
}
