import type { Rule } from 'eslint'

export const FORBIDDEN_CITATIONS: { pattern: RegExp; message: string }[]
export const commentCitations: Rule.RuleModule
declare const plugin: { rules: Record<string, Rule.RuleModule> }
export default plugin
