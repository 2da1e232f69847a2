import type { INestApplication, PipeTransform, Type } from '@nestjs/common';
import { PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { MESSAGES } from '@arbitra/contracts';
import { z } from 'zod';
import { IS_PUBLIC } from '../../common/decorators/public.decorator.js';
import { ROLES } from '../../common/decorators/roles.decorator.js';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe.js';

/** Where the interactive reference and the document are served. */
export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = '/api/openapi.json';

const DESCRIPTION = `Referência da API REST da Arbitra, gerada a partir do código (rotas dos controladores e esquemas zod de validação).

**Autenticação.** Entre com \`POST /api/auth/login\` (email e senha; \`code\` quando a conta tem 2FA). A resposta traz \`access_token\`: envie-o em cada chamada no cabeçalho \`Authorization: Bearer <token>\` (botão **Authorize** acima). Cada token pertence a uma sessão que pode ser encerrada em Segurança; rotas marcadas com cadeado exigem o token, as demais são públicas.

**Erros.** Todo erro responde com um JSON \`{ "message": "…", "code": "…" }\`: \`message\` em português, para mostrar ao usuário; \`code\`, estável, para o seu programa. Validação: 400; sem sessão: 401; sem permissão ou acima do limite do plano: 403; não encontrado: 404; conflito: 409; limite de requisições: 429 (com \`Retry-After\`).

**Valores.** Dinheiro em reais (BRL) e preços em USDT são números decimais; datas em ISO 8601 (UTC).

**Tempo real.** Oportunidades, status dos bots, operações e notificações chegam por Socket.IO no mesmo endereço (\`io(url, { auth: { token } })\`).`;

const ERROR_EXAMPLES: Record<number, { description: string; message: string; code: string }> = {
  400: { description: 'Requisição inválida', message: 'Campo não permitido: foo', code: 'validation_failed' },
  401: { description: 'Sem sessão válida', message: MESSAGES.common.unauthorized, code: 'unauthorized' },
  403: { description: 'Sem permissão', message: MESSAGES.common.forbidden, code: 'forbidden' },
  404: { description: 'Não encontrado', message: MESSAGES.common.notFound, code: 'not_found' },
  429: {
    description: 'Muitas requisições',
    message: MESSAGES.common.tooManyRequests,
    code: 'too_many_requests',
  },
};

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: (PipeTransform | Type<PipeTransform>)[];
}

const zodOf = (arg: RouteArg): z.ZodType | undefined =>
  arg.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe)?.schema;

function jsonSchema(schema: z.ZodType): SchemaObject {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

/** An example object from a JSON schema: defaults, enums' first value, or a typed placeholder. */
/** Readable placeholders for the fields most requests have. */
const NAMED_EXAMPLES: Record<string, unknown> = {
  email: 'maria@exemplo.com.br',
  password: 'senha-segura-123',
  confirmPassword: 'senha-segura-123',
  currentPassword: 'senha-atual-123',
  newPassword: 'nova-senha-456',
  name: 'Maria da Silva',
  code: '123456',
};

function exampleOf(s: SchemaObject, depth = 0, name?: string): unknown {
  if (name && name in NAMED_EXAMPLES && (s.type === 'string' || s.type === undefined))
    return NAMED_EXAMPLES[name];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (depth > 4) return undefined;
  if (s.type === 'object' && s.properties) {
    return Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => [k, exampleOf(v as SchemaObject, depth + 1, k)]),
    );
  }
  if (s.type === 'array' && s.items) return [exampleOf(s.items as SchemaObject, depth + 1)];
  if (s.type === 'string')
    return s.format === 'email'
      ? 'maria@exemplo.com.br'
      : s.format === 'uuid'
        ? '3fa85f64-5717-4562-b3fc-2c963f66afa6'
        : 'texto';
  if (s.type === 'number' || s.type === 'integer') return typeof s.minimum === 'number' ? s.minimum : 1;
  if (s.type === 'boolean') return true;
  return undefined;
}

/** Every controller method of the app with its class, for reading its metadata. */
function controllerMethods(app: INestApplication): { controller: Type; method: string; handler: object }[] {
  const out: { controller: Type; method: string; handler: object }[] = [];
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (method === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        out.push({ controller, method, handler });
      }
    }
  }
  return out;
}

/**
 * The OpenAPI 3 document of the whole REST API: paths and methods from @nestjs/swagger's scan of every
 * controller, then each operation completed from our own metadata: the request body and query parameters
 * from the zod schema its validation pipe holds (packages/contracts), the bearer auth unless @Public(),
 * 'admin only' from @Roles, and the pt-BR error shape.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('API Arbitra')
    .setDescription(DESCRIPTION)
    .setVersion('1.0')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'O access_token do login' },
      'bearer',
    )
    .build();
  const doc = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}`,
  });
  doc.components ??= {};
  doc.components.schemas = {
    ...doc.components.schemas,
    Erro: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string', description: 'Mensagem em português para o usuário' },
        code: { type: 'string', description: 'Código estável do erro' },
      },
    },
  };

  const operations = new Map<string, OperationObject>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as unknown[]) {
      const o = op as OperationObject;
      if (o && typeof o === 'object' && typeof o.operationId === 'string') operations.set(o.operationId, o);
    }
  }

  for (const { controller, method, handler } of controllerMethods(app)) {
    const op = operations.get(`${controller.name}_${method}`);
    if (!op) continue;
    const isPublic = Boolean(
      Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller),
    );
    const roles = (Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, controller)) as
      string[] | undefined;
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
      string,
      RouteArg
    >;
    let validated = false;
    for (const [key, arg] of Object.entries(args)) {
      const type = Number(key.split(':')[0]) as RouteParamtypes;
      const schema = zodOf(arg);
      if (!schema) continue;
      validated = true;
      const js = jsonSchema(schema);
      if (type === RouteParamtypes.BODY) {
        op.requestBody = {
          required: true,
          content: { 'application/json': { schema: js, example: exampleOf(js) } },
        };
      } else if (type === RouteParamtypes.QUERY && js.properties) {
        const required = new Set(js.required ?? []);
        op.parameters = [
          ...(op.parameters ?? []).filter((p) => (p as ParameterObject).in !== 'query'),
          ...Object.entries(js.properties).map(([name, s]) => ({
            name,
            in: 'query' as const,
            required: required.has(name),
            schema: s as SchemaObject,
          })),
        ];
      }
    }
    op.security = isPublic ? [] : [{ bearer: [] }];
    if (roles?.includes('admin'))
      op.description = `**Somente administradores.** ${op.description ?? ''}`.trim();
    const codes = [
      ...(validated ? [400] : []),
      ...(isPublic ? [] : [401]),
      ...(roles ? [403] : []),
      404,
      429,
    ];
    for (const status of codes) {
      const e = ERROR_EXAMPLES[status]!;
      op.responses[String(status)] ??= {
        description: e.description,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Erro' },
            example: { message: e.message, code: e.code },
          },
        },
      };
    }
  }
  return doc;
}

/** Served by the web app (web/public): the header with the way back and the pt-BR labels. */
export const DOCS_THEME_SCRIPT = '/docs-theme.js';

/**
 * The site's dark look for Swagger UI (issue 27), in the site's colours (web/src/index.css): its background, text,
 * panels, inputs and the green of its links; the method colours of the operations stay. A <style> element: the
 * CSP allows inline styles, not scripts.
 */
const DOCS_THEME_CSS = `
body { background: #0a0e15; color: #e6ebf2; font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.arbitra-docs-header { position: sticky; top: 0; z-index: 20; display: flex; flex-wrap: wrap; align-items: center;
  justify-content: space-between; gap: 12px; padding: 12px 24px; background: #111721; border-bottom: 1px solid #222c3a; }
.arbitra-docs-left { display: flex; align-items: baseline; gap: 12px; }
.arbitra-docs-brand { color: #10b981; font-weight: 700; font-size: 20px; text-decoration: none; }
.arbitra-docs-title { color: #8d99ab; font-size: 14px; }
.arbitra-docs-header nav { display: flex; gap: 20px; font-size: 14px; }
.arbitra-docs-header nav a { color: #e6ebf2; text-decoration: none; }
.arbitra-docs-header a:hover { color: #10b981; text-decoration: underline; }
.arbitra-docs-header a:focus-visible { outline: 2px solid #10b981; outline-offset: 2px; }
.swagger-ui .topbar { display: none; }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .info p, .swagger-ui .info li, .swagger-ui .markdown p,
.swagger-ui .renderedMarkdown p, .swagger-ui .opblock-tag, .swagger-ui .opblock .opblock-summary-path,
.swagger-ui .opblock .opblock-summary-description, .swagger-ui .opblock .opblock-section-header h4,
.swagger-ui .opblock-description-wrapper p, .swagger-ui .tab li, .swagger-ui .parameter__name,
.swagger-ui .parameter__type, .swagger-ui .parameter__in, .swagger-ui .response-col_status,
.swagger-ui .response-col_description, .swagger-ui .response-col_links, .swagger-ui table thead tr th,
.swagger-ui table thead tr td, .swagger-ui .model-title, .swagger-ui .model, .swagger-ui .prop-type,
.swagger-ui label, .swagger-ui section.models h4, .swagger-ui .btn, .swagger-ui .scheme-container .schemes > label,
.swagger-ui .dialog-ux .modal-ux-header h3, .swagger-ui .dialog-ux .modal-ux-content p,
.swagger-ui .dialog-ux .modal-ux-content h4, .swagger-ui .responses-inner h4, .swagger-ui .responses-inner h5,
.swagger-ui .request-url, .swagger-ui .opblock-summary-operation-id { color: #e6ebf2; }
.swagger-ui .scheme-container { background: #111721; box-shadow: none; border-bottom: 1px solid #222c3a; }
.swagger-ui .opblock .opblock-section-header { background: #111721; box-shadow: none; }
.swagger-ui .opblock-tag { border-bottom-color: #222c3a; }
.swagger-ui section.models, .swagger-ui section.models .model-container { background: #111721; border-color: #222c3a; }
.swagger-ui input, .swagger-ui textarea, .swagger-ui select { background: #0a0e15; color: #e6ebf2; border-color: #222c3a; }
.swagger-ui svg:not(:root) { fill: #e6ebf2; }
.swagger-ui .dialog-ux .modal-ux { background: #111721; border-color: #222c3a; }
.swagger-ui .info a, .swagger-ui a.nostyle, .swagger-ui .info .link { color: #10b981; }
.swagger-ui .info code, .swagger-ui .renderedMarkdown code { color: #10b981; background: #111721; }
.swagger-ui .btn.authorize { color: #10b981; border-color: #10b981; background: transparent; }
.swagger-ui .btn.authorize svg { fill: #10b981; }
`;

/** Swagger UI at /docs (interactive: 'Authorize' with the token, 'Try it out') and the document at /api/openapi.json. */
export function setupApiDocs(app: INestApplication): OpenAPIObject {
  const doc = buildOpenApiDocument(app);
  SwaggerModule.setup(DOCS_PATH, app, doc, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: '/api/openapi.yaml',
    customSiteTitle: 'Arbitra — Referência da API',
    customfavIcon: '/favicon.svg',
    // The site's header and pt-BR labels (web/public/docs-theme.js, same origin: the CSP allows no inline script).
    customJs: DOCS_THEME_SCRIPT,
    customCss: DOCS_THEME_CSS,
    swaggerOptions: { persistAuthorization: true, tryItOutEnabled: true, displayRequestDuration: true },
  });
  return doc;
}
