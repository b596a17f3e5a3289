/** Where an item of a grid is drawn: its top edge and its horizontal centre, in pixels. */
export interface ItemPlace {
  top: number
  centre: number
}

/** Tops closer than this are one row: cards of a CSS grid row share their top, rounding aside. */
const ROW_TOLERANCE = 1

/**
 * The index of the item that `key` moves focus to, from item `from` of `count`; undefined for a key the
 * list leaves to the browser (Enter and Space stay the item's own: follow the link, press the button).
 *
 * - Home and End: the first and the last item.
 * - A list (no `places`): Down and Up go to the next and the previous item; Left and Right are left alone.
 * - A grid (`places`, one per item: cards side by side in rows): Right and Left go to the next and the
 *   previous item in reading order; Down and Up go to the row below or above, to its item nearest in x.
 *
 * At either end focus stays where it is (the index is `from`): the key is still the list's, so the page
 * does not scroll away under the focused item. Nothing wraps around.
 */
export function arrowKeyStep(
  key: string,
  from: number,
  count: number,
  places?: readonly ItemPlace[],
): number | undefined {
  if (from < 0 || from >= count) return undefined
  const last = count - 1
  switch (key) {
    case 'Home':
      return 0
    case 'End':
      return last
    case 'ArrowDown':
      return places ? rowStep(places, from, 1) : Math.min(from + 1, last)
    case 'ArrowUp':
      return places ? rowStep(places, from, -1) : Math.max(from - 1, 0)
    case 'ArrowRight':
      return places ? Math.min(from + 1, last) : undefined
    case 'ArrowLeft':
      return places ? Math.max(from - 1, 0) : undefined
    default:
      return undefined
  }
}

/** The item of the nearest row below (`direction` 1) or above (-1) whose centre is nearest `from`'s. */
function rowStep(places: readonly ItemPlace[], from: number, direction: 1 | -1): number {
  const here = places[from]
  if (!here) return from
  let best: { index: number; place: ItemPlace } | undefined
  places.forEach((place, index) => {
    // The same row, or the wrong way.
    if ((place.top - here.top) * direction <= ROW_TOLERANCE) return
    if (!best) {
      best = { index, place }
      return
    }
    const nearerRow = (place.top - best.place.top) * direction < -ROW_TOLERANCE
    const sameRow = Math.abs(place.top - best.place.top) <= ROW_TOLERANCE
    const nearerInRow = Math.abs(place.centre - here.centre) < Math.abs(best.place.centre - here.centre)
    if (nearerRow || (sameRow && nearerInRow)) best = { index, place }
  })
  return best?.index ?? from
}
