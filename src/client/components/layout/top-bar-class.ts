/**
 * The top bar's look: sticky, glass over the page (opaque when the system asks for less
 * transparency). Shared with the dashboard's frame, which must not pull the bar's
 * menus into the first script.
 */
export const TOP_BAR_CLASS =
  'sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/85 px-2 backdrop-blur-md sm:px-4 reduce-transparency:bg-background'
