import { INestApplication, Logger, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import compression from 'compression';
import helmet from 'helmet';
import { AppModule } from './app.module';
import { PrototypedExpressAdapter } from './common/express-server';
import { verifyJsonBody } from './common/json-body';
import { accessLog, JsonLogger } from './common/json-logger';
import { BROTLI_OPTIONS, COMPRESS_FROM } from './common/list-query';
import { requestContextMiddleware } from './common/request-context';
import { DurableCommits, durableWrites } from './database/durable-commits';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/config';
import { MetricsService } from './metrics/metrics.service';
import { frontEnds } from './web/web';

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
 * the test suites start exactly the same thing.
 */
export async function createApp(config: AppConfig, logger: LogLevel[] | false | LoggerService = ['log', 'warn', 'error']): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), new PrototypedExpressAdapter(), {
    logger,
    bodyParser: false,
  });
  app.set('trust proxy', process.env.TRUST_PROXY === 'true' ? 1 : false);
  app.disable('x-powered-by');
  // No ETag on answers the handlers write (the API's JSON): express hashed every body (SHA-1 of a
  // list page: ~2 % of a list request's CPU, issue 14) for a validator the panel never sends back.
  // Files keep theirs (express.static and sendFile make their own).
  app.set('etag', false);
  app.use(requestContextMiddleware());
  if (logger instanceof JsonLogger) app.use(accessLog(logger));
  app.use(app.get(MetricsService).middleware());
  const securityHeaders = (directives: typeof CSP) => helmet({ contentSecurityPolicy: { useDefaults: false, directives }, crossOriginEmbedderPolicy: false });
  const siteHeaders = securityHeaders(CSP);
  // The panel alone may also show https images: a message's remote images, once its reader asks
  // for them (the mailbox keeps them unloaded until then).
  const panelHeaders = securityHeaders({ ...CSP, imgSrc: [...CSP.imgSrc, 'https:'] });
  app.use((req: Request, res: Response, next: NextFunction) => (/^\/painel(\/|$)/.test(req.path) ? panelHeaders : siteHeaders)(req, res, next));
  app.use(compressAnswers());
  // After compression: a write's answer (its `end`) waits for the commit's fsync (durable-commits.ts).
  app.use(durableWrites(app.get(DurableCommits)));
  app.useBodyParser('json', { limit: '1mb', verify: verifyJsonBody });
  app.useBodyParser('urlencoded', { limit: '1mb', extended: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, config);
  app.use(frontEnds(config.webRoot));
  await app.init();
  return app;
}

/**
 * API answers above 1 KB compressed per request (brotli or gzip, as the browser accepts). Not the
 * event streams (they must reach the browser as written) nor what is already encoded (the
 * precompressed front-end files); the compression middleware leaves alone types that do not
 * compress (PDF, images, archives).
 */
function compressAnswers() {
  return compression({
    threshold: COMPRESS_FROM,
    brotli: BROTLI_OPTIONS,
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

function setupSwagger(app: INestApplication, config: AppConfig): void {
  const doc = new DocumentBuilder()
    .setTitle(`${config.firm.brandName} — API`)
    .setDescription(
      'API do site, do portal do cliente e do painel da equipe. Respostas JSON em `{ data }`; listas em ' +
        '`{ data, total }` com cabeçalho Content-Range e parâmetros sort, range e filter (ra-data-simple-rest). ' +
        'Erros em `{ statusCode, message, error }` com mensagens em português.',
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, doc);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'API — documentação' });
}

export const bootLogger = new Logger('Bootstrap');
