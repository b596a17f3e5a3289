/**
 * The latest year a document can state figures for, read from its file name, where the name is dated
 * ("VERIZON_2021_10K.pdf", "Annual report 2021.pdf"): the year named there, or the next (a report is
 * filed after its year ends; a fiscal year may be named for the year it starts in). A figure of a
 * later year is not in it: what it prints beside that year is a maturity ("notes due 2023") or a
 * target ("our 2020 margin target"), not the year's figure. Null where the name has no year.
 */
export function reportedUpTo(filename: string): number | null {
  const years = [...filename.matchAll(/(?<!\d)(?:19|20)\d\d(?!\d)/gu)].map(([year]) => Number(year))
  return years.length === 0 ? null : Math.max(...years) + 1
}
