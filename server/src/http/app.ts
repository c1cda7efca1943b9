/** The HTTP application factory: plugins, hooks, routes. No I/O happens here beyond what is passed in. */
import { existsSync } from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorMessage } from '@aforo/contracts/errors';
import type { MapTiles } from '@aforo/contracts/map';
import type { TokenService } from '../auth/jwt';
import { createSessionResolver } from '../auth/session';
import type { Database } from '../db/client';
import { authRoutes } from '../modules/auth/auth.routes';
import { createAuthService, type SignInLimits } from '../modules/auth/auth.service';
import { billingPlansRoutes } from '../modules/billing-plans/billing-plans.routes';
import { createBillingPlansService } from '../modules/billing-plans/billing-plans.service';
import { brandsRoutes } from '../modules/brands/brands.routes';
import { createBrandsService } from '../modules/brands/brands.service';
import { companiesRoutes } from '../modules/companies/companies.routes';
import { createCompaniesService } from '../modules/companies/companies.service';
import { countriesRoutes } from '../modules/countries/countries.routes';
import { createCountriesService } from '../modules/countries/countries.service';
import { firmwaresRoutes } from '../modules/firmwares/firmwares.routes';
import { createFirmwaresService } from '../modules/firmwares/firmwares.service';
import { componentTypesRoutes } from '../modules/component-types/component-types.routes';
import { createComponentTypesService } from '../modules/component-types/component-types.service';
import { componentsRoutes } from '../modules/components/components.routes';
import { createComponentsService } from '../modules/components/components.service';
import { deviceImportRoutes } from '../modules/devices/device-import.routes';
import { createDeviceImportService } from '../modules/devices/device-import.service';
import { devicesRoutes } from '../modules/devices/devices.routes';
import { createDevicesService } from '../modules/devices/devices.service';
import { healthRoutes } from '../modules/health/health.routes';
import { layersRoutes } from '../modules/layers/layers.routes';
import { mapRoutes } from '../modules/map/map.routes';
import { createMapService, defaultMapTiles } from '../modules/map/map.service';
import { riverLevelRoutes } from '../modules/river-level/river-level.routes';
import { createRiverLevelService } from '../modules/river-level/river-level.service';
import { measuresRoutes } from '../modules/measures/measures.routes';
import { createMeasuresService } from '../modules/measures/measures.service';
import { eventsRoutes } from '../modules/events/events.routes';
import { createEventsService } from '../modules/events/events.service';
import { alertsRoutes } from '../modules/alerts/alerts.routes';
import { streamRoutes } from '../modules/stream/stream.routes';
import { createStreamService } from '../modules/stream/stream.service';
import { createStreamHub } from '../streaming/stream-hub';
import { createAlertsService } from '../modules/alerts/alerts.service';
import { notificationConfigsRoutes } from '../modules/notification-configs/notification-configs.routes';
import { createNotificationConfigsService } from '../modules/notification-configs/notification-configs.service';
import { notificationsRoutes } from '../modules/notifications/notifications.routes';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import { failedMeasuresRoutes } from '../modules/failed-measures/failed-measures.routes';
import { createFailedMeasuresService } from '../modules/failed-measures/failed-measures.service';
import { createLayersService } from '../modules/layers/layers.service';
import { logEntriesRoutes } from '../modules/log-entries/log-entries.routes';
import { createLogEntriesService } from '../modules/log-entries/log-entries.service';
import { modelsRoutes } from '../modules/models/models.routes';
import { createModelsService } from '../modules/models/models.service';
import { networksRoutes } from '../modules/networks/networks.routes';
import { createNetworksService } from '../modules/networks/networks.service';
import { pointSeriesRoutes } from '../modules/points/point-series.routes';
import { createPointSeriesService } from '../modules/points/point-series.service';
import { pointsRoutes } from '../modules/points/points.routes';
import { monitoringRoutes } from '../modules/monitoring/monitoring.routes';
import { createMonitoringService } from '../modules/monitoring/monitoring.service';
import { overviewRoutes } from '../modules/overview/overview.routes';
import { createOverviewService } from '../modules/overview/overview.service';
import { createPointsService } from '../modules/points/points.service';
import { productsRoutes } from '../modules/products/products.routes';
import { createProductsService } from '../modules/products/products.service';
import { rolesRoutes } from '../modules/roles/roles.routes';
import { createRolesService } from '../modules/roles/roles.service';
import { statesRoutes } from '../modules/states/states.routes';
import { createUsersRepository } from '../modules/users/users.repository';
import { usersRoutes } from '../modules/users/users.routes';
import { createUsersService } from '../modules/users/users.service';
import { userAdminRoutes } from '../modules/users/user-admin.routes';
import { createUserAdminService } from '../modules/users/user-admin.service';
import { mailOutboxRoutes } from '../modules/mail-outbox/mail-outbox.routes';
import { createMailOutboxService } from '../modules/mail-outbox/mail-outbox.service';
import { publicAuthRoutes } from '../modules/public-auth/public-auth.routes';
import { publicDashboardRoutes } from '../modules/public-dashboard/public-dashboard.routes';
import { createPublicDashboardService } from '../modules/public-dashboard/public-dashboard.service';
import { createPublicAuthService } from '../modules/public-auth/public-auth.service';
import { createMailer } from '../mail/mailer';
import { transactor } from '../db/transaction';
import { createEventBus, type EventBus } from '../events/event-bus';
import type { Ingestion } from '../ingestion/ingestion';
import { ingestRoutes } from '../modules/ingest/ingest.routes';
import { registerAuthHook } from './auth-hook';
import { handleError } from './errors';
import { languageOf } from './language';
import { registerSecurityHeaders } from './security-headers';
import { isPublicPageRequest } from './web-page';

export interface AppOptions {
  database: Database;
  tokens: TokenService;
  logger?: FastifyBaseLogger | boolean;
  /** Built web app (web/dist); served with an SPA fallback when present. */
  webDist?: string;
  signInLimits?: SignInLimits;
  /** Address users reach Aforo at, for links in mails. */
  publicUrl?: string;
  /** SMTP server; unset: mails stay in the outbox table. */
  smtpUrl?: string;
  /** Requests a minute per address on the public account calls. */
  publicCallsPerMinute?: number;
  /** Requests a minute per address on the public dashboard (its page, chart and widget calls). */
  publicDashboardPerMinute?: number;
  /** Take the client address from X-Forwarded-For (behind a trusted proxy only). */
  trustProxy?: boolean;
  version?: string;
  /** Device ingestion: serves POST /ingest/v1/up. */
  ingestion?: Ingestion;
  /** WEBHOOK_ALLOW_PRIVATE: notification configs may name webhooks on loopback/private addresses. */
  webhookAllowPrivate?: boolean;
  /** Where services publish after commit (device.changed, point.changed); a local bus when unset. */
  events?: EventBus;
  /** Map tiles (MAP_TILE_URL); unset: none, the map draws on a plain background. */
  mapTiles?: MapTiles;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'boolean' ? options.logger : undefined,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  await registerSecurityHeaders(app, { publicUrl: options.publicUrl, mapTileUrl: options.mapTiles?.url });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aforo API',
        version: options.version ?? '0.1.0',
        description: 'Monitoring of field devices and measurement points',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const usersRepo = createUsersRepository(options.database.db);
  const sessions = createSessionResolver(options.tokens, usersRepo);
  app.decorate('accessTable', registerAuthHook(app, sessions));

  await app.register(healthRoutes(options.database.ping, options.version ?? '0.1.0'));
  await app.register(
    authRoutes(createAuthService(usersRepo, options.tokens, sessions, options.signInLimits)),
  );
  await app.register(usersRoutes(createUsersService(usersRepo, options.tokens)));
  const db = options.database.db;
  const publicUrl = options.publicUrl ?? 'http://localhost:8080';
  const mailer = createMailer(db, { smtpUrl: options.smtpUrl, log: app.log });
  await app.register(userAdminRoutes(createUserAdminService(db, mailer, publicUrl)));
  await app.register(mailOutboxRoutes(createMailOutboxService(db)));
  await app.register(
    publicAuthRoutes(createPublicAuthService(db, mailer, publicUrl), options.publicCallsPerMinute),
  );
  await app.register(rolesRoutes(createRolesService(db)));
  await app.register(countriesRoutes(createCountriesService(options.database.db)));
  await app.register(billingPlansRoutes(createBillingPlansService(options.database.db)));
  await app.register(companiesRoutes(createCompaniesService(options.database.db)));
  await app.register(logEntriesRoutes(createLogEntriesService(options.database.db)));
  await app.register(brandsRoutes(createBrandsService(db)));
  await app.register(modelsRoutes(createModelsService(db)));
  await app.register(productsRoutes(createProductsService(db)));
  await app.register(firmwaresRoutes(createFirmwaresService(db)));
  await app.register(networksRoutes(createNetworksService(db)));
  await app.register(statesRoutes());
  const ingestion = options.ingestion;
  const events = options.events ?? createEventBus({ log: app.log });
  await app.register(devicesRoutes(createDevicesService(db, events)));
  await app.register(deviceImportRoutes(createDeviceImportService(db)));
  await app.register(componentTypesRoutes(createComponentTypesService(db)));
  await app.register(componentsRoutes(createComponentsService(db)));
  await app.register(pointsRoutes(createPointsService(db, events)));
  await app.register(monitoringRoutes(createMonitoringService(db)));
  await app.register(overviewRoutes(createOverviewService(db)));
  if (ingestion) await app.register(ingestRoutes(ingestion));
  const pointSeries = createPointSeriesService(db);
  await app.register(pointSeriesRoutes(pointSeries));
  await app.register(layersRoutes(createLayersService(db)));
  const mapTiles = options.mapTiles ?? defaultMapTiles;
  await app.register(mapRoutes(createMapService(db, { tiles: mapTiles })));
  const riverLevel = createRiverLevelService(db);
  await app.register(riverLevelRoutes(riverLevel));
  await app.register(
    publicDashboardRoutes(
      createPublicDashboardService(db, { riverLevel, pointSeries, tiles: mapTiles }),
      options.publicDashboardPerMinute,
    ),
  );
  await app.register(measuresRoutes(createMeasuresService(db)));
  await app.register(eventsRoutes(createEventsService(db)));
  await app.register(failedMeasuresRoutes(createFailedMeasuresService(db)));
  await app.register(alertsRoutes(createAlertsService(db, transactor(db, events))));
  await app.register(
    notificationConfigsRoutes(
      createNotificationConfigsService(db, { allowPrivateWebhooks: options.webhookAllowPrivate ?? false }),
    ),
  );
  await app.register(notificationsRoutes(createNotificationsService(db)));
  // pushes alerts and the notifications of notification.created (routed in any process)
  const streamHub = createStreamHub({ db, events, log: app.log });
  // preClose: open streams would otherwise hold the server's close forever
  app.addHook('preClose', () => streamHub.close());
  await app.register(streamRoutes(createStreamService(streamHub)));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const hasWeb = options.webDist !== undefined && existsSync(options.webDist);
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart
  if (hasWeb) await app.register(fastifyStatic, { root: options.webDist!, wildcard: true });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = isPublicPageRequest(request);
    const isApi =
      url.startsWith('/api') || (url.startsWith('/public/') && !isPage) || url.startsWith('/ingest');
    // the same address answers JSON or the page: shared caches must keep them apart
    if (isPage) reply.header('vary', 'accept');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // the web app's own router shows its not-found page for unknown paths
      return reply.type('text/html').sendFile('index.html');
    }
    const lang = languageOf(request);
    return reply.status(404).send({ code: 'N1000', message: errorMessage('N1000', lang) });
  });

  return app;
}
