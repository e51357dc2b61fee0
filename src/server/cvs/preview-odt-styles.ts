import { SaxesParser, type SaxesTagPlain } from 'saxes'

type StyleFamily = 'paragraph' | 'text'
type StyleEmphasis = { bold?: boolean; italic?: boolean; parent?: string }

/** ODF paragraph and text styles by `family:name`: their weight and slant, and their parent. */
export type OdtStyles = Map<string, StyleEmphasis>

/** Reads <style:style> elements and their text properties as a SAX parser passes them. */
export function odtStyleReader(styles: OdtStyles) {
  let current: StyleEmphasis | undefined
  return {
    open: ({ name, attributes }: SaxesTagPlain) => {
      if (name === 'style:style') {
        const family = attributes['style:family']
        const styleName = attributes['style:name']
        current = undefined
        if ((family !== 'paragraph' && family !== 'text') || !styleName) return
        current = { parent: attributes['style:parent-style-name'] }
        styles.set(`${family}:${styleName}`, current)
        return
      }
      if (name !== 'style:text-properties' || !current) return
      const weight = attributes['fo:font-weight']
      const slant = attributes['fo:font-style']
      // fo:font-weight is "bold", "normal" or 100–900; 600 and up reads as bold.
      if (weight !== undefined) current.bold = weight === 'bold' || Number(weight) >= 600
      if (slant !== undefined) current.italic = slant === 'italic' || slant === 'oblique'
    },
    close: ({ name }: SaxesTagPlain) => {
      if (name === 'style:style') current = undefined
    },
  }
}

/** The named styles of an ODT's styles.xml (what its content's styles may inherit from). */
export function readOdtStyles(stylesXml: string): OdtStyles {
  const styles: OdtStyles = new Map()
  const reader = odtStyleReader(styles)
  const parser = new SaxesParser()
  parser.on('opentag', reader.open)
  parser.on('closetag', reader.close)
  parser.write(stylesXml).close()
  return styles
}

// Parent chains are short (automatic style → named style → its base); a cycle stops here.
const MAX_INHERITANCE = 10

/** Whether a style makes its text bold or italic: its own properties, else its parents'. */
export function odtEmphasis(
  styles: OdtStyles,
  family: StyleFamily,
  name: string | undefined,
): { bold: boolean; italic: boolean } {
  let bold: boolean | undefined
  let italic: boolean | undefined
  let next = name
  for (let depth = 0; next !== undefined && depth < MAX_INHERITANCE; depth++) {
    const style = styles.get(`${family}:${next}`)
    if (!style) break
    bold ??= style.bold
    italic ??= style.italic
    next = style.parent
  }
  return { bold: bold ?? false, italic: italic ?? false }
}
