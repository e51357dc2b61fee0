import { useState, type DragEvent } from 'react'

/**
 * What a drop zone needs (CV attach, 'From a CV', Import CVs): the handlers for its element and
 * whether files are being dragged over it, to highlight it. `onFiles` gets what was dropped.
 */
export function useFileDrop(onFiles: (files: FileList) => void) {
  const [isDragging, setIsDragging] = useState(false)
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault()
      setIsDragging(true)
    },
    onDragLeave: () => setIsDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault()
      setIsDragging(false)
      onFiles(event.dataTransfer.files)
    },
  }
  return { isDragging, dropProps }
}
