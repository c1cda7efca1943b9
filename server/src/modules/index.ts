/**
 * Every HTTP module of Aforo: its routes and the factory that builds its service from the one
 * dependencies object (server/src/deps.ts). The composition root (server/src/app.ts) registers them in
 * this order; a new module is one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps';
import { alertsRoutes } from './alerts/alerts.routes';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes';
import { apiV1Routes } from './api-v1/api-v1.routes';
import { createApiV1Service } from './api-v1/api-v1.service';
import { createApiTokensService } from './api-tokens/api-tokens.service';
import { createAlertsService } from './alerts/alerts.service';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { billingPlansRoutes } from './billing-plans/billing-plans.routes';
import { createBillingPlansService } from './billing-plans/billing-plans.service';
import { brandsRoutes } from './brands/brands.routes';
import { createBrandsService } from './brands/brands.service';
import { companiesRoutes } from './companies/companies.routes';
import { createCompaniesService } from './companies/companies.service';
import { componentTypesRoutes } from './component-types/component-types.routes';
import { createComponentTypesService } from './component-types/component-types.service';
import { componentsRoutes } from './components/components.routes';
import { createComponentsService } from './components/components.service';
import { countriesRoutes } from './countries/countries.routes';
import { createCountriesService } from './countries/countries.service';
import { dailySummariesRoutes } from './daily-summaries/daily-summaries.routes';
import { createDailySummariesService } from './daily-summaries/daily-summaries.service';
import { reportClosuresRoutes } from './report-closures/report-closures.routes';
import { reportDeliveryRoutes } from './report-delivery/report-delivery.routes';
import { createReportDeliveryService } from './report-delivery/report-delivery.service';
import { createReportClosuresService } from './report-closures/report-closures.service';
import { reportExclusionsRoutes } from './report-exclusions/report-exclusions.routes';
import { createReportExclusionsService } from './report-exclusions/report-exclusions.service';
import { reportsRoutes } from './reports/reports.routes';
import { createReportsService } from './reports/reports.service';
import { deviceImportRoutes } from './devices/device-import.routes';
import { createDeviceImportService } from './devices/device-import.service';
import { devicesRoutes } from './devices/devices.routes';
import { createDevicesService } from './devices/devices.service';
import { eventsRoutes } from './events/events.routes';
import { createEventsService } from './events/events.service';
import { failedMeasuresRoutes } from './failed-measures/failed-measures.routes';
import { createFailedMeasuresService } from './failed-measures/failed-measures.service';
import { firmwaresRoutes } from './firmwares/firmwares.routes';
import { createFirmwaresService } from './firmwares/firmwares.service';
import { healthRoutes } from './health/health.routes';
import { ingestRoutes } from './ingest/ingest.routes';
import { metricsRoutes } from './metrics/metrics.routes';
import { layersRoutes } from './layers/layers.routes';
import { createLayersService } from './layers/layers.service';
import { logEntriesRoutes } from './log-entries/log-entries.routes';
import { createLogEntriesService } from './log-entries/log-entries.service';
import { mailOutboxRoutes } from './mail-outbox/mail-outbox.routes';
import { createMailOutboxService } from './mail-outbox/mail-outbox.service';
import { mapRoutes } from './map/map.routes';
import { createMapService } from './map/map.service';
import { measuresRoutes } from './measures/measures.routes';
import { createMeasuresService } from './measures/measures.service';
import { modelsRoutes } from './models/models.routes';
import { createModelsService } from './models/models.service';
import { monitoringRoutes } from './monitoring/monitoring.routes';
import { createMonitoringService } from './monitoring/monitoring.service';
import { networksRoutes } from './networks/networks.routes';
import { createNetworksService } from './networks/networks.service';
import { notificationConfigsRoutes } from './notification-configs/notification-configs.routes';
import { createNotificationConfigsService } from './notification-configs/notification-configs.service';
import { notificationsRoutes } from './notifications/notifications.routes';
import { createNotificationsService } from './notifications/notifications.service';
import { overviewRoutes } from './overview/overview.routes';
import { createOverviewService } from './overview/overview.service';
import { alertReplayRoutes } from './points/alert-replay.routes';
import { createAlertReplayService } from './points/alert-replay.service';
import { pointSeriesExportRoutes } from './points/point-series-export.routes';
import { createPointSeriesExportService } from './points/point-series-export.service';
import { pointSeriesRoutes } from './points/point-series.routes';
import { createPointSeriesService } from './points/point-series.service';
import { pointsRoutes } from './points/points.routes';
import { createPointsService } from './points/points.service';
import { productsRoutes } from './products/products.routes';
import { createProductsService } from './products/products.service';
import { publicAuthRoutes } from './public-auth/public-auth.routes';
import { createPublicAuthService } from './public-auth/public-auth.service';
import { publicDashboardRoutes } from './public-dashboard/public-dashboard.routes';
import { createPublicDashboardService } from './public-dashboard/public-dashboard.service';
import { riverLevelRoutes } from './river-level/river-level.routes';
import { createRiverLevelService } from './river-level/river-level.service';
import { rolesRoutes } from './roles/roles.routes';
import { createRolesService } from './roles/roles.service';
import { statesRoutes } from './states/states.routes';
import { streamRoutes } from './stream/stream.routes';
import { createStreamService } from './stream/stream.service';
import { userAdminRoutes } from './users/user-admin.routes';
import { createUserAdminService } from './users/user-admin.service';
import { usersRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';

export interface AforoModule {
  name: string;
  /** The module's routes, built on the shared dependencies; null when this process does not serve them. */
  routes(deps: Deps): FastifyPluginAsync | null;
}

/** A module whose routes call one service built by `service(deps)`. */
function module<S>(
  name: string,
  service: (deps: Deps) => S,
  routes: (service: S, deps: Deps) => FastifyPluginAsync,
): AforoModule {
  return { name, routes: (deps) => routes(service(deps), deps) };
}

export const modules: readonly AforoModule[] = [
  {
    name: 'health',
    routes: (deps) =>
      healthRoutes({
        ping: deps.database.ping,
        version: deps.config.version,
        events: deps.database.kind === 'postgres' ? deps.events.connected : undefined,
        broker: deps.config.brokerConnected,
      }),
  },
  { name: 'metrics', routes: (deps) => metricsRoutes(deps.config.metrics) },
  module('auth', createAuthService, authRoutes),
  module('users', createUsersService, usersRoutes),
  module('user-admin', createUserAdminService, userAdminRoutes),
  module('mail-outbox', createMailOutboxService, mailOutboxRoutes),
  module('api-tokens', createApiTokensService, apiTokensRoutes),
  module('api-v1', createApiV1Service, apiV1Routes),
  module('public-auth', createPublicAuthService, (s, deps) =>
    publicAuthRoutes(s, deps.config.publicCallsPerMinute),
  ),
  module('roles', createRolesService, rolesRoutes),
  module('countries', createCountriesService, countriesRoutes),
  module('billing-plans', createBillingPlansService, billingPlansRoutes),
  module('companies', createCompaniesService, companiesRoutes),
  module('log-entries', createLogEntriesService, logEntriesRoutes),
  module('brands', createBrandsService, brandsRoutes),
  module('models', createModelsService, modelsRoutes),
  module('products', createProductsService, productsRoutes),
  module('firmwares', createFirmwaresService, firmwaresRoutes),
  module('networks', createNetworksService, networksRoutes),
  { name: 'states', routes: () => statesRoutes() },
  module('devices', createDevicesService, devicesRoutes),
  module('device-import', createDeviceImportService, deviceImportRoutes),
  module('component-types', createComponentTypesService, componentTypesRoutes),
  module('components', createComponentsService, componentsRoutes),
  module('points', createPointsService, pointsRoutes),
  module('monitoring', createMonitoringService, monitoringRoutes),
  module('overview', createOverviewService, overviewRoutes),
  { name: 'ingest', routes: (deps) => (deps.ingestion ? ingestRoutes(deps.ingestion) : null) },
  module('point-series', createPointSeriesService, pointSeriesRoutes),
  module('point-series-export', createPointSeriesExportService, pointSeriesExportRoutes),
  module('alert-replay', createAlertReplayService, alertReplayRoutes),
  module('layers', createLayersService, layersRoutes),
  module('map', createMapService, mapRoutes),
  module('river-level', createRiverLevelService, riverLevelRoutes),
  module('public-dashboard', createPublicDashboardService, (s, deps) =>
    publicDashboardRoutes(s, deps.config.publicDashboardPerMinute),
  ),
  module('measures', createMeasuresService, measuresRoutes),
  module('events', createEventsService, eventsRoutes),
  module('failed-measures', createFailedMeasuresService, failedMeasuresRoutes),
  module('alerts', createAlertsService, alertsRoutes),
  module('notification-configs', createNotificationConfigsService, notificationConfigsRoutes),
  module('notifications', createNotificationsService, notificationsRoutes),
  module('stream', createStreamService, streamRoutes),
  module('daily-summaries', createDailySummariesService, dailySummariesRoutes),
  module('reports', createReportsService, reportsRoutes),
  module('report-closures', createReportClosuresService, reportClosuresRoutes),
  module('report-exclusions', createReportExclusionsService, reportExclusionsRoutes),
  module('report-delivery', createReportDeliveryService, reportDeliveryRoutes),
];
