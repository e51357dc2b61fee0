const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

/**
 * Whether a key pressed at `target` is someone typing: in a field, a text area, a select or
 * editable content. The quick search's `/` is left to them (never steal a keystroke).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false
  return target.isContentEditable || TYPING_TAGS.has(target.tagName)
}
