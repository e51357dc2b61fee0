/**
 * /api/docs: the OpenAPI document as one plain page — no script, so it runs under the strict CSP
 * and reads the same in any browser. Every string from the document is escaped.
 */
type Operation = {
  summary?: string
  description?: string
  'x-access'?: string
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[]
  requestBody?: { content?: Record<string, { schema?: unknown }> }
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >
}
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, Operation>>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function json(value: unknown): string {
  return `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`
}

function anchor(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
}

function operationHtml(method: string, path: string, op: Operation): string {
  const title = `${method.toUpperCase()} ${path}`
  const parts = [
    `<section id="${anchor(method, path)}" aria-labelledby="${anchor(method, path)}-h">`,
    `<h3 id="${anchor(method, path)}-h"><code>${escape(title)}</code></h3>`,
    `<p>${escape(op.summary ?? '')}</p>`,
    ...(op.description ?? '').split('\n\n').map((line) => `<p>${escape(line)}</p>`),
  ]
  if (op.parameters?.length) {
    const rows = op.parameters.map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${json(p.schema)}</td></tr>`,
    )
    parts.push(
      '<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th>' +
        `<th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    )
  }
  const body = op.requestBody?.content?.['application/json']?.schema
  if (body !== undefined) parts.push('<h4>Request body (JSON)</h4>', json(body))
  const responses = Object.entries(op.responses ?? {}).map(([code, response]) => {
    const schema = response.content?.['application/json']?.schema
    return (
      `<li><strong>${escape(code)}</strong> ${escape(response.description ?? '')}` +
      `${schema === undefined ? '' : `<details><summary>Schema</summary>${json(schema)}</details>`}</li>`
    )
  })
  parts.push('<h4>Responses</h4>', `<ul>${responses.join('')}</ul>`, '</section>')
  return parts.join('\n')
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f8fa;padding:.75rem;overflow:auto;border-radius:6px}
section{border-top:1px solid #d0d7de;padding-top:.5rem;margin-top:1.5rem}table{border-collapse:collapse}
td,th{border:1px solid #d0d7de;padding:.25rem .5rem;vertical-align:top;text-align:left}`

export function renderDocs(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ method: m, path, op: item[m] as Operation })),
  )
  const toc = operations
    .map(
      ({ method, path, op }) =>
        `<li><a href="#${anchor(method, path)}"><code>${escape(`${method.toUpperCase()} ${path}`)}</code></a> — ${escape(op.summary ?? '')}</li>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escape(doc.info.title)} reference</h1>
<p>Version ${escape(doc.info.version)}. ${escape(doc.info.description ?? '')}</p>
<p>The same, machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Routes"><h2>Routes</h2><ul>${toc}</ul></nav>
<h2>Details</h2>
${operations.map(({ method, path, op }) => operationHtml(method, path, op)).join('\n')}
</main></body></html>`
}
