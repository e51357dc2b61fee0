/**
 * An ESLint rule: comments cite what a reader of the repository can open — its own docs
 * (docs/security.md as "security rule N", docs/architecture.md, a decision record) — or nothing.
 * An issue number, a work session, or a design note kept outside the repository means nothing to
 * the next reader, and a figure moves to docs/performance.md or a decision record.
 */

/** @type {{ pattern: RegExp, message: string }[]} */
export const FORBIDDEN_CITATIONS = [
  {
    pattern: /\bissues?\s+#?\d+/i,
    message:
      "A comment cites an issue number: say what it means in the code's words, or cite docs/ (issues close; the code stays).",
  },
  {
    pattern: /\b(?:SECURITY|ARCHITECTURE|STYLE|STACK)\.md\b/,
    message:
      'A comment cites a design note outside the repository: cite docs/security.md ("security rule N"), docs/architecture.md or a decision record.',
  },
  {
    pattern: /(?:\.\.\/)+shared\/(?:spec|design)\b/,
    message: 'A comment cites a file outside the repository: cite docs/ instead.',
  },
  {
    pattern: /\bstop \d+\b/,
    message:
      'A comment cites a work session: cite the decision record or docs/performance.md section instead.',
  },
]

/** @type {import('eslint').Rule.RuleModule} */
export const commentCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments cite the repository’s own documents, or nothing.' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const found = FORBIDDEN_CITATIONS.find(({ pattern }) => pattern.test(comment.value))
          if (found)
            context.report({ loc: comment.loc ?? { line: 1, column: 0 }, message: found.message })
        }
      },
    }
  },
}

export default { rules: { 'comment-citations': commentCitations } }
