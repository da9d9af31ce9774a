import { type Json } from './openapi-document.js';

/**
 * The API reference as one self-contained HTML page, rendered on the server from the OpenAPI document
 * (no script, no CDN: the page works offline and under a strict Content-Security-Policy).
 */
export function renderDocsPage(document: Json): string {
  const info = document.info as { title: string; version: string; description?: string };
  const paths = document.paths as Record<string, Record<string, Json>>;
  const components = document.components as { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
  const byTag = new Map<string, Array<{ method: string; path: string; operation: Json }>>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = ((operation.tags as string[] | undefined) ?? ['Other'])[0]!;
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, operation });
    }
  }

  const nav = [...byTag]
    .map(
      ([tag, operations]) =>
        `<li><strong>${esc(tag)}</strong><ul>${operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${esc(String(operation.operationId))}"><span class="m m-${method}">${method.toUpperCase()}</span> ${esc(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');

  const sections = [...byTag]
    .map(
      ([tag, operations]) =>
        `<section><h2>${esc(tag)}</h2>${operations.map((entry) => renderOperation(entry, components)).join('')}</section>`,
    )
    .join('');

  const schemas = Object.entries(components.schemas)
    .map(
      ([name, schema]) =>
        `<div class="schema" id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schema.description ? `<p>${text(String(schema.description))}</p>` : ''}${renderSchema(schema)}</div>`,
    )
    .join('');

  const security = Object.entries(components.securitySchemes)
    .map(
      ([name, scheme]) => `<dt>${esc(name)}</dt><dd>${text(String(scheme.description ?? ''))}${scopesOf(scheme)}</dd>`,
    )
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav><h1>${esc(info.title)}</h1><p class="v">version ${esc(info.version)} · <a href="/openapi.json">openapi.json</a></p><ul>${nav}<li><a href="#schemas"><strong>Schemas</strong></a></li></ul></nav>
<main>
<header><h1>${esc(info.title)}</h1>${info.description ? `<p>${text(info.description)}</p>` : ''}<h2>Authentication</h2><dl>${security}</dl></header>
${sections}
<section id="schemas"><h2>Schemas</h2>${schemas}</section>
</main>
</body>
</html>
`;
}

function renderOperation(entry: { method: string; path: string; operation: Json }, components: Json): string {
  const { method, path, operation } = entry;
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const body = operation.requestBody as { content: Record<string, { schema: Json }> } | undefined;
  const responses = operation.responses as Record<string, Json>;
  const security = (operation.security as Array<Record<string, string[]>>) ?? [];
  const auth = security.length
    ? security
        .map((alternative) =>
          Object.entries(alternative)
            .map(([scheme, scopes]) => (scopes.length ? `${scheme} (${scopes.join(', ')})` : scheme))
            .join(' + '),
        )
        .join(' <em>or</em> ')
    : 'none';
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${esc(String(parameter.name))}</code>${parameter.required ? ' <span class="req">required</span>' : ''}</td><td>${esc(String(parameter.in))}</td><td>${typeOf(parameter.schema as Json)}${constraints(parameter.schema as Json)}</td><td>${text(String(parameter.description ?? ''))}</td></tr>`,
    )
    .join('');
  const responseRows = Object.entries(responses)
    .map(([status, response]) => {
      const resolved = resolveResponse(response, components);
      const content = resolved.content as Record<string, { schema: Json }> | undefined;
      const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
      return `<tr><td class="s s${status[0]}">${esc(status)}</td><td>${text(String(resolved.description ?? ''))}</td><td>${media ? `${typeOf(media.schema)} <small>${esc(mediaType!)}</small>` : '—'}</td></tr>`;
    })
    .join('');
  return `<article id="${esc(String(operation.operationId))}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p class="summary">${esc(String(operation.summary ?? ''))}</p>
${
  operation.description
    ? String(operation.description)
        .split(/\n\n+/)
        .map((paragraph) => `<p>${text(paragraph)}</p>`)
        .join('')
    : ''
}
<p class="auth"><strong>Authentication:</strong> ${auth}</p>
${parameterRows ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>description</th></tr>${parameterRows}</table>` : ''}
${body ? `<h4>Request body <small>application/json</small></h4>${renderSchema(Object.values(body.content)[0]!.schema)}` : ''}
<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>${responseRows}</table>
</article>`;
}

function resolveResponse(response: Json, components: Json): Json {
  const ref = response.$ref as string | undefined;
  if (!ref) return response;
  const name = ref.split('/').pop()!;
  return ((components.responses as Record<string, Json>)[name] ?? {}) as Json;
}

/** An object schema as a table of its fields (nested objects indented); anything else as its type. */
function renderSchema(schema: Json, depth = 0): string {
  if (depth > 4) return '';
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties) return `<p>${typeOf(schema)}${constraints(schema)}</p>`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(([name, property]) => {
      const nested = property.properties ? renderSchema(property, depth + 1) : '';
      return `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(property)}${constraints(property)}</td><td>${text(String(property.description ?? ''))}${nested}</td></tr>`;
    })
    .join('');
  const closed = schema.additionalProperties === false ? '<p class="note">No other fields are accepted.</p>' : '';
  return `<table class="fields"><tr><th>field</th><th>type</th><th>description</th></tr>${rows}</table>${closed}`;
}

function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    return `<a href="#schema-${esc(name)}">${esc(name)}</a>`;
  }
  if ('const' in schema) return `<code>${esc(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => `<code>${esc(JSON.stringify(value))}</code>`).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return union.map((member) => typeOf(member)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((member) => esc(String(member))).join(' | ');
  if (type === 'array') return `array of ${typeOf(schema.items as Json | undefined)}`;
  if (type === 'object' && !schema.properties && schema.additionalProperties) {
    return `object of ${typeOf(schema.additionalProperties as Json)}`;
  }
  if (typeof type === 'string')
    return esc(type) + (schema.format ? ` <small>(${esc(String(schema.format))})</small>` : '');
  return 'any';
}

function constraints(schema: Json | undefined): string {
  if (!schema) return '';
  const notes: string[] = [];
  const add = (keyword: string, label: string) => {
    if (schema[keyword] !== undefined) notes.push(`${label} ${JSON.stringify(schema[keyword])}`);
  };
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minimum', 'min');
  add('maximum', 'max');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  add('maxProperties', 'max entries');
  add('default', 'default');
  if (schema.pattern && schema.format === undefined) notes.push(`pattern ${String(schema.pattern)}`);
  if (schema.deprecated) notes.push('deprecated');
  return notes.length ? `<br><small>${esc(notes.join(', '))}</small>` : '';
}

function scopesOf(scheme: Json): string {
  const flows = scheme.flows as Record<string, { scopes: Record<string, string> }> | undefined;
  const scopes = flows ? Object.values(flows)[0]?.scopes : undefined;
  if (!scopes) return '';
  return `<ul>${Object.entries(scopes)
    .map(([scope, description]) => `<li><code>${esc(scope)}</code>: ${esc(description)}</li>`)
    .join('')}</ul>`;
}

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Escaped prose with `code` spans. */
function text(value: string): string {
  return esc(value).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2330;display:flex}
nav{position:sticky;top:0;height:100vh;overflow:auto;width:300px;flex:none;background:#f4f6f9;border-right:1px solid #dde2ea;padding:16px;font-size:13px}
nav h1{font-size:17px;margin:0}nav .v{color:#667;margin:2px 0 12px}nav ul{list-style:none;padding-left:0;margin:0}nav ul ul{padding-left:6px;margin:4px 0 10px}
nav a{color:#1d2330;text-decoration:none;display:block;padding:2px 0}nav a:hover{color:#0b5cd6}
main{flex:1;max-width:1000px;padding:24px 40px}h2{border-bottom:2px solid #dde2ea;padding-bottom:4px;margin-top:40px}
article{border:1px solid #dde2ea;border-radius:8px;padding:4px 18px 12px;margin:18px 0}article h3{font-size:17px}
.summary{font-weight:600}.auth{font-size:13px;color:#445}
table{border-collapse:collapse;width:100%;margin:6px 0 12px;font-size:13px}th,td{border:1px solid #e3e7ee;padding:5px 8px;text-align:left;vertical-align:top}th{background:#f7f8fa}
table table{margin:6px 0 0}code{font:12.5px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f1f3f6;padding:1px 4px;border-radius:3px}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;color:#fff;font:700 11px ui-monospace,monospace;padding:3px 4px}
.m-get{background:#1a7f37}.m-post{background:#0b5cd6}.m-patch{background:#9a6700}.m-put{background:#8250df}.m-delete{background:#cf222e}
.req{color:#cf222e;font-size:11px}.s{font-weight:700}.s2{color:#1a7f37}.s4{color:#9a6700}.s5{color:#cf222e}.note{font-size:12px;color:#667;margin-top:-6px}
.schema{margin:18px 0}small{color:#667}
`;
