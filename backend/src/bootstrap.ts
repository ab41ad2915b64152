import fastifyMultipart from '@fastify/multipart';
import { INestApplication, Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { compressAnswers, requestContextHooks } from './platform/request';
import { createValidationPipe, JSON_BODY_LIMIT, JsonLogging, jsonLogging, parseJsonBody } from './platform/http';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { DurableCommits, durableWrites } from './platform/database';
import type { AppConfig } from './platform/config';
import { MetricsService } from './platform/metrics';
import { frontEnds } from './platform/web';

/** What the browsers may load: our own origin only (the front ends pass it; MUI needs inline styles). */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Builds the whole application (API, Swagger, front ends) without listening, so that main.ts and
 * the test suites start exactly the same thing. Nest runs on Fastify (docs/adr/0001-fastify-platform.md).
 * Logs: Nest's lines, none (false), or JSON lines (LOG_FORMAT=json, or a JsonLogging of the caller's).
 */
export async function createApp(
  config: AppConfig,
  logger: LogLevel[] | false | JsonLogging = config.logFormat === 'json' ? jsonLogging() : ['log', 'warn', 'error'],
): Promise<NestFastifyApplication> {
  const json = logger && !Array.isArray(logger) ? logger : null;
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy ? 1 : false,
    bodyLimit: JSON_BODY_LIMIT,
    // As express routed: `/api/users/` is `/api/users`. Past maxParamLength a path parameter is no route
    // at all (a 404 without the route's own message); ours are ids.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // No Nest middleware here (hooks instead): no express-style middleware runner on every request.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, json?.module), adapter, {
    ...(json ? { bufferLogs: true } : { logger: logger as LogLevel[] | false }),
    bodyParser: false,
  });
  if (json) app.useLogger(app.get(PinoNestLogger));
  const fastify = app.getHttpAdapter().getInstance();
  requestContextHooks(fastify);
  if (!config.trustProxy) warnOfUntrustedProxy(fastify);
  json?.accessLog(fastify);
  app.get(MetricsService).countRequests(fastify);
  securityHeaders(fastify);
  await compressAnswers(app);
  durableWrites(fastify, app.get(DurableCommits));
  readBodies(app);
  // A file past its size limit is cut short and marked, and the upload's interceptor says so (platform/http/multipart.ts).
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, config);
  await frontEnds(app, config.webRoot);
  await app.init();
  return app;
}

/**
 * Helmet's headers on every answer, the panel's CSP alone with https images: a message's remote
 * images, once its reader asks for them (the mailbox keeps them unloaded until then). Helmet's own
 * middleware, each built once: @fastify/helmet builds it anew for every request (18.7 µs against
 * 0.4 µs, measured), a tenth of a small answer's time.
 */
function securityHeaders(fastify: FastifyInstance): void {
  const headersWith = (directives: typeof CSP) => helmet({ contentSecurityPolicy: { useDefaults: false, directives }, crossOriginEmbedderPolicy: false });
  const site = headersWith(CSP);
  const panel = headersWith({ ...CSP, imgSrc: [...CSP.imgSrc, 'https:'] });
  fastify.addHook('onRequest', (req, reply, done) => (PANEL_PATH.test(req.url) ? panel : site)(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}

/**
 * Behind a proxy with TRUST_PROXY off every caller has the proxy's address, so the sign-in limit per IP
 * counts the whole world's failures together (issue 54): said once, at the first request that shows it.
 */
function warnOfUntrustedProxy(fastify: FastifyInstance): void {
  let warned = false;
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      new Logger('Proxy').warn(
        'Requisições chegam com X-Forwarded-For, mas TRUST_PROXY está desligado: todos os clientes parecem vir do endereço do proxy e dividem os limites por IP (login, cadastro). Defina TRUST_PROXY=true se a aplicação está atrás de um proxy reverso.',
      );
    }
    done();
  });
}

const PANEL_PATH = /^\/painel(\/|\?|$)/;

/**
 * JSON (hostile bodies refused before parsing, platform/http/json-body.ts) and plain forms, each up to
 * 1 MB; multipart forms are read by the upload routes' interceptors. Fastify's text/plain parser goes:
 * no route of ours reads text, so such a body is refused with a 415.
 */
function readBodies(app: NestFastifyApplication): void {
  app.useBodyParser('application/json', { bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  });
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
}

function setupSwagger(app: INestApplication, config: AppConfig): void {
  const doc = new DocumentBuilder()
    .setTitle(`${config.firm.brandName} — API`)
    .setDescription(
      'API do site, do portal do cliente e do painel da equipe. Respostas JSON em `{ data }`; listas em ' +
        '`{ data, total }` com cabeçalho Content-Range e parâmetros sort, range e filter (ra-data-simple-rest). ' +
        'Erros em `{ statusCode, message, error }` com mensagens em português; uma recusa de validação (400) diz ' +
        'também cada campo em `errors` (`{ cnpj: "CNPJ inválido." }`).',
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, doc);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'API — documentação' });
}

export const bootLogger = new Logger('Bootstrap');
