import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The interactive reference at `/docs`: Swagger UI from the swagger-ui-dist package, served by the gateway
 * itself (no CDN). No inline script: the page loads the bundle and a small init file, so the policy below
 * allows scripts from the gateway only, as the link pages allow none at all.
 */
export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connected Purchases API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

/** Loads the document relative to the page (so a path prefix in front of the gateway keeps working). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export interface DocsAsset {
  contentType: string;
  body: Buffer;
}

const ASSET_TYPES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** The files the page loads, read once from swagger-ui-dist (and the init script); nothing else is served. */
export class DocsAssets {
  private readonly assets = new Map<string, DocsAsset>();

  constructor() {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('swagger-ui-dist/package.json'));
    for (const [name, contentType] of Object.entries(ASSET_TYPES)) {
      this.assets.set(name, { contentType, body: readFileSync(join(root, name)) });
    }
    this.assets.set('init.js', { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(INIT_SCRIPT) });
  }

  get(name: string): DocsAsset | undefined {
    return this.assets.get(name);
  }
}
