import { describe, expect, it } from 'vitest'
import { queryHits, textTermsOf } from './query-hits.ts'

function marked(text: string, query: string): string[] {
  return queryHits(text, query).map(([start, end]) => text.slice(start, end))
}

describe('queryHits', () => {
  const cv = 'Led the Python migration to Kubernetes. Python, Go; machine   learning at Zürich.'

  it('finds every whole word, without regard to case or accents', () => {
    expect(marked(cv, 'python zurich')).toEqual(['Python', 'Python', 'Zürich'])
    expect(marked(cv, 'pyth ')).toEqual([])
  })

  it('finds the last word still being typed as a prefix, and phrases across white space', () => {
    expect(marked(cv, 'kube')).toEqual(['Kube'])
    expect(marked(cv, '"machine learning"')).toEqual(['machine   learning'])
  })

  it('leaves out exclusions and field terms, and finds nothing for them alone', () => {
    expect(textTermsOf('go -python level:senior tag:"High Potential"')).toHaveLength(1)
    expect(marked(cv, 'go -python level:senior')).toEqual(['Go'])
    expect(queryHits(cv, '-python status:hired')).toEqual([])
  })

  it('marks what a typo was corrected to, only where the word as typed is absent', () => {
    expect(marked(cv, 'pyhton kubernets ')).toEqual(['Python', 'Kubernetes', 'Python'])
    // Four letters forgive nothing; a word present as typed is all that lights up.
    expect(marked('Jaba and Java', 'jav ')).toEqual([])
    expect(marked('Jaba and Java', 'java ')).toEqual(['Java'])
    expect(marked('pyhton or python', 'pyhton ')).toEqual(['pyhton'])
  })

  it('returns sorted hits that do not overlap', () => {
    const hits = queryHits(cv, 'python OR "the python" migration')
    for (let i = 1; i < hits.length; i++) {
      expect(hits[i]?.[0]).toBeGreaterThan(hits[i - 1]?.[1] ?? -1)
    }
    expect(marked(cv, '"the python" migration')).toEqual(['the Python', 'migration'])
  })
})
